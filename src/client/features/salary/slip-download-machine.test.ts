import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { PREFIX } from '../../copy';
import { SALARY_UI } from './salary-copy';
import type { DownloadedFile } from '../../api/download';
import { slipDownloadMachine, type SlipFetchInput } from './slip-download-machine';

const FILE: DownloadedFile = { url: 'blob:http://localhost/1', filename: 'salary-slip_EMP0001_2026-10.xlsx' };

function start(answer: (input: SlipFetchInput) => Promise<DownloadedFile>, monthRequired = true) {
  const fx = { save: jest.fn(), notify: jest.fn() };
  const calls: SlipFetchInput[] = [];
  const logic = slipDownloadMachine.provide({
    actions: fx,
    actors: {
      fetchSlip: fromPromise<DownloadedFile, SlipFetchInput>(({ input }) => {
        calls.push(input);
        return answer(input);
      }),
    },
  });
  const actor = createActor(logic, { input: { monthRequired }, clock: new SimulatedClock() }).start();
  const settled = () => waitFor(actor, (s) => !s.matches('downloading'), { timeout: 15_000 });
  return { actor, fx, calls, settled };
}

const ok = () => Promise.resolve(FILE);

describe('salary slip download machine', () => {
  it('cannot download until a month is chosen (product.md, Input rules)', () => {
    const { actor, calls } = start(ok);
    expect(actor.getSnapshot().can({ type: 'DOWNLOAD' })).toBe(false);
    actor.send({ type: 'DOWNLOAD' });
    expect(actor.getSnapshot().value).toBe('idle');
    actor.send({ type: 'CHOOSE_MONTH', month: '2026-10' });
    expect(actor.getSnapshot().can({ type: 'DOWNLOAD' })).toBe(true);
    // Clearing the picker takes the permission away again.
    actor.send({ type: 'CHOOSE_MONTH', month: '' });
    expect(actor.getSnapshot().can({ type: 'DOWNLOAD' })).toBe(false);
    actor.send({ type: 'CHOOSE_MONTH', month: 'October' });
    expect(actor.getSnapshot().can({ type: 'DOWNLOAD' })).toBe(false);
    expect(calls).toEqual([]);
  });

  it('fetches the chosen month, saves the file and remembers its name', async () => {
    const { actor, fx, calls, settled } = start(ok);
    actor.send({ type: 'CHOOSE_MONTH', month: '2026-10' });
    actor.send({ type: 'DOWNLOAD' });
    expect(actor.getSnapshot().value).toBe('downloading');
    expect(actor.getSnapshot().can({ type: 'DOWNLOAD' })).toBe(false);
    await settled();
    expect(calls).toEqual([{ month: '2026-10', format: 'xlsx' }]);
    expect(actor.getSnapshot().value).toBe('done');
    expect(fx.save.mock.calls.map((c) => c[1])).toEqual([{ file: FILE }]);
    expect(actor.getSnapshot().context.savedAs).toBe(FILE.filename);
    expect(fx.notify).not.toHaveBeenCalled();
  });

  it('asks for the PDF when DOWNLOAD says so, and for the .xlsx again on a plain DOWNLOAD', async () => {
    const { actor, calls, settled } = start(ok);
    actor.send({ type: 'CHOOSE_MONTH', month: '2026-10' });
    actor.send({ type: 'DOWNLOAD', format: 'pdf' });
    expect(actor.getSnapshot().context.format).toBe('pdf');
    await settled();
    actor.send({ type: 'DOWNLOAD' });
    await settled();
    expect(calls).toEqual([
      { month: '2026-10', format: 'pdf' },
      { month: '2026-10', format: 'xlsx' },
    ]);
  });

  it('a failure shows the spec prefix (an error toast) with the server msg, and another try is allowed', async () => {
    let fail = true;
    const { actor, fx, settled } = start(() =>
      fail ? Promise.reject({ status: 400, data: { msg: 'There is no salary slip for October 2026' } }) : ok(),
    );
    actor.send({ type: 'CHOOSE_MONTH', month: '2026-10' });
    actor.send({ type: 'DOWNLOAD' });
    await settled();
    expect(actor.getSnapshot().value).toBe('error');
    expect(fx.notify.mock.calls.map((c) => c[1])).toEqual([
      { tone: 'error', message: `${PREFIX.downloadSalarySlip}There is no salary slip for October 2026` },
    ]);
    expect(fx.save).not.toHaveBeenCalled();
    // Kept for a screen that shows it beside the picker.
    expect(actor.getSnapshot().context.error).toBe(`${PREFIX.downloadSalarySlip}There is no salary slip for October 2026`);

    fail = false;
    actor.send({ type: 'DOWNLOAD' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settled();
    expect(actor.getSnapshot().value).toBe('done');
    expect(fx.save).toHaveBeenCalledTimes(1);
  });

  it('choosing another month clears the last failure', async () => {
    const { actor, settled } = start(() => Promise.reject({ status: 409, data: { msg: 'Not approved' } }));
    actor.send({ type: 'CHOOSE_MONTH', month: '2026-11' });
    actor.send({ type: 'DOWNLOAD' });
    await settled();
    expect(actor.getSnapshot().context.error).toBe(`${PREFIX.downloadSalarySlip}Not approved`);
    actor.send({ type: 'CHOOSE_MONTH', month: '2026-10' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('a failure without a msg uses the fallback after the prefix', async () => {
    const { actor, fx, settled } = start(() => Promise.reject({ status: 500, data: '' }));
    actor.send({ type: 'CHOOSE_MONTH', month: '2026-09' });
    actor.send({ type: 'DOWNLOAD' });
    await settled();
    expect(fx.notify.mock.calls[0]![1]).toEqual({ tone: 'error', message: PREFIX.downloadSalarySlip + SALARY_UI.downloadFailed });
  });

  it('a month chosen during a download does not change that download; choosing again clears the confirmation', async () => {
    let release!: (file: DownloadedFile) => void;
    const { actor, calls, settled } = start(() => new Promise((resolve) => (release = resolve)));
    actor.send({ type: 'CHOOSE_MONTH', month: '2026-10' });
    actor.send({ type: 'DOWNLOAD' });
    actor.send({ type: 'CHOOSE_MONTH', month: '2026-08' });
    expect(actor.getSnapshot().value).toBe('downloading');
    release(FILE);
    await settled();
    expect(calls).toEqual([{ month: '2026-10', format: 'xlsx' }]);
    expect(actor.getSnapshot().context).toMatchObject({ month: '2026-08', savedAs: FILE.filename });
    actor.send({ type: 'CHOOSE_MONTH', month: '2026-07' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.savedAs).toBeNull();
  });

  it('without a required month (the dashboard button) it asks for the server default at once', async () => {
    const { actor, calls, settled } = start(ok, false);
    expect(actor.getSnapshot().can({ type: 'DOWNLOAD' })).toBe(true);
    actor.send({ type: 'DOWNLOAD' });
    await settled();
    expect(calls).toEqual([{ month: null, format: 'xlsx' }]);
    expect(actor.getSnapshot().value).toBe('done');
  });
});
