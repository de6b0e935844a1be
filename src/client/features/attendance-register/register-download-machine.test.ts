import { createActor, fromPromise, waitFor } from 'xstate';
import type { DownloadedFile } from '../../api/download';
import type { RegisterDownloadArgs } from './register-api';
import { registerDownloadMachine } from './register-download-machine';

function start(answer: (args: RegisterDownloadArgs) => Promise<DownloadedFile>) {
  const save = jest.fn();
  const calls: RegisterDownloadArgs[] = [];
  const logic = registerDownloadMachine.provide({
    actions: { save },
    actors: {
      fetchFile: fromPromise<DownloadedFile, RegisterDownloadArgs>(({ input }) => {
        calls.push(input);
        return answer(input);
      }),
    },
  });
  const actor = createActor(logic).start();
  const settled = () => waitFor(actor, (s) => s.matches('idle'), { timeout: 15_000 });
  return { actor, save, calls, settled };
}

describe('register download machine', () => {
  it('downloads the month in the asked format and saves it; a second click meanwhile is ignored', async () => {
    const { actor, calls, save, settled } = start(async (a) => ({ url: 'blob:r', filename: `attendance_register_${a.month}.${a.format}` }));
    actor.send({ type: 'DOWNLOAD', request: { month: '2026-08', q: undefined, format: 'xlsx' }, key: 'xlsx' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.key).toBe('xlsx');
    actor.send({ type: 'DOWNLOAD', request: { month: '2026-08', format: 'csv' }, key: 'csv' });
    await settled();
    expect(calls).toEqual([{ month: '2026-08', q: undefined, format: 'xlsx' }]);
    expect(save.mock.calls.map((c) => c[1])).toEqual([{ url: 'blob:r', filename: 'attendance_register_2026-08.xlsx' }]);
    expect(actor.getSnapshot().context).toMatchObject({ saved: { filename: 'attendance_register_2026-08.xlsx' }, error: null, request: null });
  });

  it("a failure reads 'Error downloading the register: ' + the server's msg, and the next try clears it", async () => {
    let fail = true;
    const { actor, settled, save } = start(async () => {
      if (fail) throw { status: 400, data: { msg: 'month must be a month written YYYY-MM' } };
      return { url: 'blob:r', filename: 'attendance_register_2026-07.csv' };
    });
    actor.send({ type: 'DOWNLOAD', request: { month: '2026-07', q: 'asha', format: 'csv' } });
    await settled();
    expect(actor.getSnapshot().context.error).toBe('Error downloading the register: month must be a month written YYYY-MM');
    expect(save).not.toHaveBeenCalled();
    fail = false;
    actor.send({ type: 'DOWNLOAD', request: { month: '2026-07', q: 'asha', format: 'csv' } });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settled();
    expect(actor.getSnapshot().context.saved?.filename).toBe('attendance_register_2026-07.csv');
  });

  it('without a month nothing is asked', async () => {
    const { actor, calls, settled } = start(async () => ({ url: 'blob:r', filename: 'x' }));
    actor.send({ type: 'DOWNLOAD', request: { month: '', format: 'csv' } });
    await settled();
    expect(actor.getSnapshot().context.error).toBe('Error downloading the register: Choose a month');
    expect(calls).toEqual([]);
  });
});
