import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { REDIRECT_DELAY_MS, REQUEST_TIMEOUT_MS } from '../../../shared/constants';
import { FALLBACK, MSG } from '../../copy';
import {
  csvUploadMachine,
  importAnswerTimeoutMs,
  IMPORT_MS_PER_MB,
  rowErrorsText,
  uploadPercent,
} from './csv-upload-machine';
import type { CsvUploadArg, CsvUploadProgress, CsvUploadResult } from './csv-upload-request';

interface Upload {
  input: CsvUploadArg;
  /** What the XHR's progress events would say. */
  report: (progress: CsvUploadProgress) => void;
  answer: (result: CsvUploadResult) => void;
  fail: (error: unknown) => void;
  readonly aborted: boolean;
}

/** A stand-in for the upload mutation: the test reports and answers what the network would. */
function start() {
  const fx = { redirect: jest.fn() };
  const uploads: Upload[] = [];
  const logic = csvUploadMachine.provide({
    actions: fx,
    actors: {
      upload: fromPromise<CsvUploadResult, CsvUploadArg>(
        ({ input, signal }) =>
          new Promise((resolve, reject) => {
            uploads.push({
              input,
              report: (progress) => input.onProgress?.(progress),
              answer: resolve,
              fail: reject,
              get aborted() {
                return signal.aborted;
              },
            });
          }),
      ),
    },
  });
  const clock = new SimulatedClock();
  const actor = createActor(logic, { clock }).start();
  const current = () => uploads[uploads.length - 1]!;
  return { actor, clock, fx, uploads, current };
}

const csv = (bytes = 100, name = 'staff.csv') => new File(['x'.repeat(bytes)], name, { type: 'text/csv' });

describe('csv upload machine', () => {
  it("without a file says 'Please select a CSV file to upload' and uploads nothing", () => {
    const { actor, uploads } = start();
    actor.send({ type: 'UPLOAD' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe(MSG.csvRequired);
    expect(uploads).toHaveLength(0);
  });

  it('clearing the picker counts as no file', () => {
    const { actor, uploads } = start();
    actor.send({ type: 'SELECT_FILE', file: csv() });
    actor.send({ type: 'SELECT_FILE', file: null });
    actor.send({ type: 'UPLOAD' });
    expect(actor.getSnapshot().context.error).toBe(MSG.csvRequired);
    expect(uploads).toHaveLength(0);
  });

  it('choosing a file clears the previous message and uploads that file', () => {
    const { actor, uploads } = start();
    actor.send({ type: 'UPLOAD' });
    const file = csv();
    actor.send({ type: 'SELECT_FILE', file });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'UPLOAD' });
    expect(actor.getSnapshot().matches({ uploading: 'sending' })).toBe(true);
    expect(uploads.map((u) => u.input.file)).toEqual([file]);
  });

  it('tracks progress, then waits for the import once the file is sent', () => {
    const { actor, current } = start();
    actor.send({ type: 'SELECT_FILE', file: csv(1000) });
    actor.send({ type: 'UPLOAD' });
    expect(uploadPercent(actor.getSnapshot().context.progress)).toBeNull();
    current().report({ type: 'UPLOAD.PROGRESS', loaded: 250, total: 1000 });
    expect(uploadPercent(actor.getSnapshot().context.progress)).toBe(25);
    current().report({ type: 'UPLOAD.SENT' });
    expect(actor.getSnapshot().matches({ uploading: 'processing' })).toBe(true);
    expect(uploadPercent(actor.getSnapshot().context.progress)).toBe(100);
  });

  it('success with row errors: msg and the joined errors, then the list exactly 2000 ms later', async () => {
    const { actor, clock, fx, current } = start();
    actor.send({ type: 'SELECT_FILE', file: csv() });
    actor.send({ type: 'UPLOAD' });
    const errors = ['Row 4: invalid email "x@"', 'Row 6: duplicate email a@b.com (already exists)'];
    current().report({ type: 'UPLOAD.SENT' });
    current().answer({ msg: 'Added 3 of 5 employees', errors });
    await waitFor(actor, (s) => s.matches('success'), { timeout: 15_000 });
    const { context } = actor.getSnapshot();
    expect(context.message).toBe('Added 3 of 5 employees');
    expect(rowErrorsText(context.rowErrors)).toBe(
      'Some employees could not be added: Row 4: invalid email "x@"; Row 6: duplicate email a@b.com (already exists)',
    );
    expect(current().aborted).toBe(false); // a settled upload has nothing left to abort

    clock.increment(REDIRECT_DELAY_MS - 1);
    expect(fx.redirect).not.toHaveBeenCalled();
    clock.increment(1);
    expect(fx.redirect).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context).toMatchObject({ message: null, rowErrors: [] });
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('success without errors (or with the field left out) shows only the msg', async () => {
    const { actor, current } = start();
    actor.send({ type: 'SELECT_FILE', file: csv() });
    actor.send({ type: 'UPLOAD' });
    current().answer({ msg: 'Added 3 of 3 employees' });
    await waitFor(actor, (s) => s.matches('success'), { timeout: 15_000 });
    expect(actor.getSnapshot().context.rowErrors).toEqual([]);
    expect(rowErrorsText(actor.getSnapshot().context.rowErrors)).toBeNull();
  });

  it('a failure shows the server msg and allows another try', async () => {
    const { actor, fx, current, uploads } = start();
    actor.send({ type: 'SELECT_FILE', file: csv() });
    actor.send({ type: 'UPLOAD' });
    current().fail({ status: 400, data: { msg: 'The CSV file is missing the column(s): salary' } });
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 15_000 });
    expect(actor.getSnapshot().context.error).toBe('The CSV file is missing the column(s): salary');
    expect(fx.redirect).not.toHaveBeenCalled();
    actor.send({ type: 'UPLOAD' });
    expect(uploads).toHaveLength(2);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("a failure without a msg says 'Failed to upload CSV'", async () => {
    const { actor, current } = start();
    actor.send({ type: 'SELECT_FILE', file: csv() });
    actor.send({ type: 'UPLOAD' });
    current().fail({ status: 502, data: '<html>' });
    await waitFor(actor, (s) => s.matches('idle'), { timeout: 15_000 });
    expect(actor.getSnapshot().context.error).toBe(FALLBACK.uploadCsv);
  });

  it('aborts after 10 s without progress while sending; progress restarts the 10 s', () => {
    const { actor, clock, current } = start();
    actor.send({ type: 'SELECT_FILE', file: csv() });
    actor.send({ type: 'UPLOAD' });
    clock.increment(REQUEST_TIMEOUT_MS - 1);
    current().report({ type: 'UPLOAD.PROGRESS', loaded: 10, total: 100 });
    clock.increment(REQUEST_TIMEOUT_MS - 1);
    expect(actor.getSnapshot().matches('uploading')).toBe(true);
    expect(current().aborted).toBe(false);
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe(MSG.requestTimedOut);
    expect(current().aborted).toBe(true);
  });

  it('once sent, the server has 10 s plus 2 s per MB to answer', () => {
    const threeMb = 3 * 1024 * 1024 - 10;
    expect(importAnswerTimeoutMs(threeMb)).toBe(REQUEST_TIMEOUT_MS + 3 * IMPORT_MS_PER_MB);
    const { actor, clock, current } = start();
    actor.send({ type: 'SELECT_FILE', file: csv(threeMb) });
    actor.send({ type: 'UPLOAD' });
    current().report({ type: 'UPLOAD.SENT' });
    clock.increment(importAnswerTimeoutMs(threeMb) - 1);
    expect(actor.getSnapshot().matches({ uploading: 'processing' })).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().context.error).toBe(MSG.requestTimedOut);
    expect(current().aborted).toBe(true);
  });

  it('a small file gets the plain 10 s (plus one started megabyte)', () => {
    expect(importAnswerTimeoutMs(0)).toBe(REQUEST_TIMEOUT_MS);
    expect(importAnswerTimeoutMs(1)).toBe(REQUEST_TIMEOUT_MS + IMPORT_MS_PER_MB);
  });

  it('ignores a second Upload click while one runs', () => {
    const { actor, uploads } = start();
    actor.send({ type: 'SELECT_FILE', file: csv() });
    actor.send({ type: 'UPLOAD' });
    actor.send({ type: 'UPLOAD' });
    expect(uploads).toHaveLength(1);
  });
});
