import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { ATTENDANCE_MSG } from '../../../shared/messages';
import { FALLBACK, MSG, PREFIX } from '../../copy';
import type { DownloadedFile } from '../../api/download';
import type { ReportRange } from './attendance-api';
import { reportDownloadMachine } from './report-download-machine';

function start(requireDates: boolean, answer: (range: ReportRange | null) => Promise<DownloadedFile>) {
  const save = jest.fn();
  const calls: (ReportRange | null)[] = [];
  const logic = reportDownloadMachine.provide({
    actions: { save },
    actors: {
      fetchReport: fromPromise<DownloadedFile, ReportRange | null>(({ input }) => {
        calls.push(input);
        return answer(input);
      }),
    },
  });
  const actor = createActor(logic, { input: { requireDates }, clock: new SimulatedClock() }).start();
  const settled = () => waitFor(actor, (s) => s.matches('idle'), { timeout: 15_000 });
  return { actor, save, calls, settled };
}

const file = (filename: string): DownloadedFile => ({ url: 'blob:report', filename });

describe('report download machine', () => {
  it.each([
    ['no dates', '', ''],
    ['no end date', '2026-01-01', ''],
    ['no start date', '', '2026-01-31'],
  ])('the dashboard report needs both dates (%s): the spec message, no call', (_label, startDate, endDate) => {
    const { actor, calls } = start(true, async () => file('x.csv'));
    actor.send({ type: 'CHANGE', field: 'startDate', value: startDate });
    actor.send({ type: 'CHANGE', field: 'endDate', value: endDate });
    actor.send({ type: 'DOWNLOAD' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.error).toBe(MSG.datesRequired);
    expect(calls).toEqual([]);
  });

  it('a start after the end is refused by the shared schema before asking the server', async () => {
    const { actor, calls, settled } = start(true, async () => file('x.csv'));
    actor.send({ type: 'CHANGE', field: 'startDate', value: '2026-02-01' });
    actor.send({ type: 'CHANGE', field: 'endDate', value: '2026-01-01' });
    actor.send({ type: 'DOWNLOAD' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await settled();
    expect(actor.getSnapshot().context.error).toBe(ATTENDANCE_MSG.startAfterEnd);
    expect(calls).toEqual([]);
  });

  it('downloads the range and saves the file; the earlier message goes away', async () => {
    const { actor, calls, save, settled } = start(true, async (r) => file(`attendance_${r!.startDate}_${r!.endDate}.csv`));
    actor.send({ type: 'CHANGE', field: 'startDate', value: '' });
    actor.send({ type: 'CHANGE', field: 'endDate', value: '' });
    actor.send({ type: 'DOWNLOAD' });
    actor.send({ type: 'CHANGE', field: 'startDate', value: '2026-01-01' });
    actor.send({ type: 'CHANGE', field: 'endDate', value: '2026-01-31' });
    actor.send({ type: 'DOWNLOAD' });
    // The range is checked first (the schema loads on demand), then sent; the message goes.
    expect(actor.getSnapshot().value).toBe('checking');
    await waitFor(actor, (s) => s.matches('downloading'), { timeout: 15_000 });
    expect(actor.getSnapshot().context.error).toBeNull();
    await settled();
    expect(calls).toEqual([{ startDate: '2026-01-01', endDate: '2026-01-31' }]);
    expect(save.mock.calls.map((c) => c[1])).toEqual([{ file: file('attendance_2026-01-01_2026-01-31.csv') }]);
    expect(actor.getSnapshot().context.savedAs).toBe('attendance_2026-01-01_2026-01-31.csv');
  });

  it('the full-history download needs no dates and asks for everything (null range)', async () => {
    const { actor, calls, save, settled } = start(false, async () => file('attendance.csv'));
    actor.send({ type: 'DOWNLOAD' });
    await settled();
    expect(calls).toEqual([null]);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it('ignores a second click while a report is on its way', async () => {
    let release!: (f: DownloadedFile) => void;
    const { actor, calls, settled } = start(false, () => new Promise((r) => (release = r)));
    actor.send({ type: 'DOWNLOAD' });
    actor.send({ type: 'DOWNLOAD' });
    release(file('attendance.csv'));
    await settled();
    expect(calls).toHaveLength(1);
  });

  it('a failure reads "Error downloading attendance: " + the server msg', async () => {
    const { actor, save, settled } = start(true, () => Promise.reject({ status: 400, data: { msg: 'is not a real calendar date' } }));
    actor.send({ type: 'CHANGE', field: 'startDate', value: '2026-01-01' });
    actor.send({ type: 'CHANGE', field: 'endDate', value: '2026-01-02' });
    actor.send({ type: 'DOWNLOAD' });
    await settled();
    expect(actor.getSnapshot().context.error).toBe(`${PREFIX.downloadAttendance}is not a real calendar date`);
    expect(save).not.toHaveBeenCalled();
  });

  it('a failure without a msg uses the fallback', async () => {
    const { actor, settled } = start(false, () => Promise.reject({ status: 500, data: '' }));
    actor.send({ type: 'DOWNLOAD' });
    await settled();
    expect(actor.getSnapshot().context.error).toBe(PREFIX.downloadAttendance + FALLBACK.downloadAttendance);
  });
});
