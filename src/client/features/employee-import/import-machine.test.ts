/**
 * The Import screen's flow, headless: the file checked (a dry run) before anything is written, the
 * preview voided by any change, the import refused when it would write nothing or is all-or-nothing
 * with problems, and the report opened after the import.
 */
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ImportAnswer } from '../../../shared/schemas/import';
import type { FlowResult } from '../../flows/row-action-machine';
import type { DownloadedFile } from '../../api/download';
import type { EmployeeImportArg } from './import-api';
import { IMPORT_UI } from './import-copy';
import { importFileDownload, importFlowMachine } from './import-machine';
import { fieldOf, rowProblems } from './import-problems';

const answer = (over: Partial<ImportAnswer> & { counts: ImportAnswer['counts'] }): ImportAnswer => ({ msg: 'ok', dryRun: true, rows: [], errors: [], ...over });
const PREVIEW = answer({
  counts: { added: 293, updated: 0, unchanged: 0, failed: 7 },
  rows: [{ row: 5, employeeId: 'ACM0004', result: 'failed', error: 'invalid email "bad@"', problems: ['invalid email "bad@"'] }],
});

function start(reply: (arg: EmployeeImportArg) => Promise<ImportAnswer>) {
  const sent: EmployeeImportArg[] = [];
  const notified: FlowResult[] = [];
  const opened: (string | undefined)[] = [];
  const logic = importFlowMachine.provide({
    actors: {
      send: fromPromise<ImportAnswer, EmployeeImportArg>(({ input }) => {
        sent.push(input);
        return reply(input);
      }),
    },
    actions: { notify: (_, r) => notified.push(r), openReport: (_, { reportId }) => opened.push(reportId) },
  });
  const actor = createActor(logic).start();
  const reach = (state: 'editing' | 'checking' | 'previewed' | 'importing' | 'imported') => waitFor(actor, (s) => s.matches(state), { timeout: 15_000 });
  return { actor, sent, notified, opened, reach };
}

const xlsx = new File(['PK'], 'staff.xlsx');

describe('importFlowMachine', () => {
  it('names the file field when no file or a wrong kind of file is chosen, and sends nothing', () => {
    const { actor, sent } = start(async () => PREVIEW);
    actor.send({ type: 'CHECK' });
    expect(actor.getSnapshot().context.fileError).toBe(IMPORT_UI.fileRequired);
    actor.send({ type: 'SELECT_FILE', file: new File(['x'], 'staff.pdf') });
    expect(actor.getSnapshot().context.fileError).toBeNull();
    actor.send({ type: 'CHECK' });
    expect(actor.getSnapshot().context.fileError).toBe(IMPORT_UI.fileType('staff.pdf'));
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(sent).toHaveLength(0);
  });

  it('checks with a dry run of every row (never all or nothing), then imports as chosen and opens the report', async () => {
    const { actor, sent, notified, opened, reach } = start(async (arg) =>
      arg.dryRun ? PREVIEW : answer({ dryRun: false, msg: 'Added 293 of 300 employees', counts: PREVIEW.counts, reportId: '12' }),
    );
    actor.send({ type: 'SELECT_FILE', file: xlsx });
    actor.send({ type: 'SET_MODE', mode: 'upsert' });
    actor.send({ type: 'SET_INVITE', invite: 'later' });
    actor.send({ type: 'CHECK' });
    await reach('previewed');
    expect(sent[0]).toMatchObject({ file: xlsx, mode: 'upsert', invite: 'later', dryRun: true, atomic: false });
    expect(actor.getSnapshot().context.preview).toEqual(PREVIEW);
    actor.send({ type: 'IMPORT' });
    await reach('imported');
    expect(sent[1]).toMatchObject({ dryRun: false, mode: 'upsert', atomic: false });
    expect(notified).toEqual([{ tone: 'success', message: 'Added 293 of 300 employees' }]);
    expect(opened).toEqual(['12']);
    // Once imported, nothing more is sent.
    actor.send({ type: 'IMPORT' });
    expect(sent).toHaveLength(2);
  });

  it('voids the preview when the file, mode or invitations change, but not for all or nothing', async () => {
    const { actor, reach } = start(async () => PREVIEW);
    actor.send({ type: 'SELECT_FILE', file: xlsx });
    actor.send({ type: 'CHECK' });
    await reach('previewed');
    actor.send({ type: 'SET_ATOMIC', atomic: true });
    expect(actor.getSnapshot().matches('previewed')).toBe(true);
    actor.send({ type: 'SET_MODE', mode: 'update' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.preview).toBeNull();
  });

  it('refuses to import all or nothing while rows have problems, and a file that would write nothing', async () => {
    let reply = PREVIEW;
    const { actor, sent, reach } = start(async () => reply);
    actor.send({ type: 'SELECT_FILE', file: xlsx });
    actor.send({ type: 'SET_ATOMIC', atomic: true });
    actor.send({ type: 'CHECK' });
    await reach('previewed');
    actor.send({ type: 'IMPORT' });
    expect(actor.getSnapshot().matches('previewed')).toBe(true);
    expect(sent).toHaveLength(1);
    // Turned off: the good rows import.
    actor.send({ type: 'SET_ATOMIC', atomic: false });
    reply = answer({ counts: { added: 0, updated: 0, unchanged: 4, failed: 0 } });
    actor.send({ type: 'CHECK' });
    await waitFor(actor, (s) => s.matches('previewed') && s.context.preview === reply);
    actor.send({ type: 'IMPORT' });
    expect(actor.getSnapshot().matches('previewed')).toBe(true);
    expect(sent).toHaveLength(2);
  });

  it("shows a refused file at the file field and any other failure on the screen", async () => {
    let fail: unknown = { status: 400, data: { msg: 'The CSV file is missing the columns: name, email' } };
    const { actor, reach } = start(async () => {
      throw fail;
    });
    actor.send({ type: 'SELECT_FILE', file: xlsx });
    actor.send({ type: 'CHECK' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.fileError !== null);
    expect(actor.getSnapshot().context.fileError).toBe('The CSV file is missing the columns: name, email');
    fail = { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' };
    actor.send({ type: 'CHECK' });
    await reach('checking');
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toMatch(new RegExp(`^${IMPORT_UI.failed}`));
    expect(actor.getSnapshot().context.fileError).toBeNull();
  });
});

describe('row problems', () => {
  it('names the field of each server message', () => {
    expect(fieldOf('invalid email "name@x"')).toBe('email');
    expect(fieldOf('name is required')).toBe('name');
    expect(fieldOf('salary: "lots" is not an amount')).toBe('salary');
    expect(fieldOf('joiningDate: 13/13/2024 is not a date')).toBe('joiningDate');
    expect(fieldOf('managerEmployeeId: no employee has the code NOPE')).toBe('managerEmployeeId');
    expect(fieldOf('employeeId ACM1 already exists')).toBe('employeeId');
    expect(fieldOf('no department "Sales" (add it on the Company profile first)')).toBe('departmentId');
    expect(fieldOf('pan must be 5 letters, 4 digits and a letter')).toBe('statutory.pan');
    expect(fieldOf('statutory.dateOfBirth: 31/02/1990 is not a date')).toBe('statutory.dateOfBirth');
    expect(fieldOf('cell C4 holds a formula: save the sheet with values only')).toBeNull();
  });

  it('lists every problem of a row, or its joined error when the answer has no list', () => {
    expect(rowProblems({ error: 'a, b', problems: ['invalid email "x"', 'name is required'] })).toEqual([
      { field: 'email', message: 'invalid email "x"' },
      { field: 'name', message: 'name is required' },
    ]);
    expect(rowProblems({ error: 'salary is required' })).toEqual([{ field: 'salary', message: 'salary is required' }]);
    // The field shows once: a message that starts with it loses that prefix.
    expect(rowProblems({ error: 'managerEmployeeId: no employee has the code ACM9999' })).toEqual([{ field: 'managerEmployeeId', message: 'no employee has the code ACM9999' }]);
  });
});

describe('importFileDownload', () => {
  it('saves the fetched file, ignores a second click on the way, and says why a download failed', async () => {
    const saved: DownloadedFile[] = [];
    let calls = 0;
    const logic = importFileDownload.provide({
      actors: {
        fetchFile: fromPromise<DownloadedFile, string>(async ({ input }) => {
          calls += 1;
          if (input === 'bad') throw { status: 404, data: { msg: 'Import report not found' } };
          return { url: 'blob:x', filename: `${input}.csv` };
        }),
      },
      actions: { save: (_, file) => saved.push(file) },
    });
    const actor = createActor(logic).start();
    actor.send({ type: 'DOWNLOAD', request: '12' });
    actor.send({ type: 'DOWNLOAD', request: '12' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(saved).toEqual([{ url: 'blob:x', filename: '12.csv' }]);
    expect(calls).toBe(1);
    actor.send({ type: 'DOWNLOAD', request: 'bad' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe(`${IMPORT_UI.downloadError}Import report not found`);
  });
});
