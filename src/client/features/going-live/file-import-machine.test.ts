/**
 * The import flow, headless: the dry run comes first, any change voids its preview, an import that
 * would write nothing (or an all-or-nothing one with bad rows) is refused, and a failed call keeps
 * the admin where they were with the server's message.
 */
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ImportAnswer } from '../../../shared/schemas/import';
import { fileImportMachine, type FileImportInput } from './file-import-machine';

const answer = (counts: ImportAnswer['counts'], dryRun: boolean): ImportAnswer => ({ msg: dryRun ? 'Dry run' : 'Imported', dryRun, counts, rows: [], errors: counts.failed ? ['Row 3: no employee has the employeeId GHOST1'] : [] });
const file = (name = 'october.csv') => new File(['employeeId,date,status\n'], name, { type: 'text/csv' });

function start(reply: (input: FileImportInput) => Promise<ImportAnswer>) {
  const sent: FileImportInput[] = [];
  const actor = createActor(
    fileImportMachine.provide({
      actors: {
        send: fromPromise<ImportAnswer, FileImportInput>(({ input }) => {
          sent.push(input);
          return reply(input);
        }),
      },
    }),
  ).start();
  return { actor, sent };
}

describe('the file import flow', () => {
  it('checks with a dry run, then imports the same file for real', async () => {
    const { actor, sent } = start(async (input) => answer({ added: 299, updated: 0, unchanged: 0, failed: 1 }, input.dryRun));
    actor.send({ type: 'IMPORT' });
    expect(actor.getSnapshot().value).toBe('empty');
    actor.send({ type: 'FILE', file: file() });
    actor.send({ type: 'CHECK' });
    await waitFor(actor, (s) => s.matches('previewed'));
    expect(actor.getSnapshot().context.preview?.counts.added).toBe(299);
    actor.send({ type: 'IMPORT' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent.map((s) => [s.file.name, s.dryRun, s.atomic])).toEqual([
      ['october.csv', true, false],
      ['october.csv', false, false],
    ]);
    expect(actor.getSnapshot().context.result?.msg).toBe('Imported');
  });

  it('voids the preview when the file or all-or-nothing changes, and refuses an import that would write nothing', async () => {
    const { actor, sent } = start(async (input) => answer(input.file.name === 'empty.csv' ? { added: 0, updated: 0, unchanged: 5, failed: 0 } : { added: 3, updated: 0, unchanged: 0, failed: 2 }, input.dryRun));
    actor.send({ type: 'FILE', file: file('empty.csv') });
    actor.send({ type: 'CHECK' });
    await waitFor(actor, (s) => s.matches('previewed'));
    actor.send({ type: 'IMPORT' });
    expect(actor.getSnapshot().value).toBe('previewed'); // nothing to write

    actor.send({ type: 'FILE', file: file('october.csv') });
    expect(actor.getSnapshot()).toMatchObject({ value: 'chosen', context: { preview: null } });
    actor.send({ type: 'CHECK' });
    await waitFor(actor, (s) => s.matches('previewed'));
    actor.send({ type: 'ATOMIC', atomic: true });
    expect(actor.getSnapshot().context.preview).toBeNull();
    actor.send({ type: 'CHECK' });
    await waitFor(actor, (s) => s.matches('previewed'));
    actor.send({ type: 'IMPORT' });
    expect(actor.getSnapshot().value).toBe('previewed'); // all or nothing, with 2 bad rows
    expect(sent.every((s) => s.dryRun)).toBe(true);
  });

  it("keeps the admin where they were with the server's message when a call fails", async () => {
    const { actor } = start(async () => {
      throw { status: 400, data: { msg: 'The CSV file is missing the columns: employeeId, date' } };
    });
    actor.send({ type: 'FILE', file: file() });
    actor.send({ type: 'CHECK' });
    await waitFor(actor, (s) => s.matches('chosen') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('The CSV file is missing the columns: employeeId, date');
  });
});
