/** The today machine with jest's fake clock (timers and Date together): no real waiting. */
import { createActor } from 'xstate';
import { RECHECK_MS, todayMachine } from './today-machine';

const ZONE = 'Asia/Kolkata';

describe('today machine', () => {
  beforeEach(() => jest.useFakeTimers({ now: new Date('2026-03-09T18:29:00Z') })); // 23:59 in Kolkata
  afterEach(() => jest.useRealTimers());

  it("starts at the company's date and moves on within a minute of its midnight", () => {
    const actor = createActor(todayMachine, { input: { timeZone: ZONE } }).start();
    expect(actor.getSnapshot().context.today).toBe('2026-03-09');
    jest.advanceTimersByTime(RECHECK_MS - 1);
    expect(actor.getSnapshot().context.today).toBe('2026-03-09');
    jest.advanceTimersByTime(1);
    expect(actor.getSnapshot().context.today).toBe('2026-03-10');
    actor.stop();
  });

  it('checks at once when the tab becomes visible again (timers sleep with the laptop)', () => {
    const actor = createActor(todayMachine, { input: { timeZone: ZONE } }).start();
    // The clock moved on while no timer fired.
    jest.setSystemTime(new Date('2026-03-10T03:30:00Z'));
    expect(actor.getSnapshot().context.today).toBe('2026-03-09');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(actor.getSnapshot().context.today).toBe('2026-03-10');
    actor.stop();
  });

  it('stops listening when stopped', () => {
    const actor = createActor(todayMachine, { input: { timeZone: ZONE } }).start();
    actor.stop();
    jest.setSystemTime(new Date('2026-03-10T03:30:00Z'));
    document.dispatchEvent(new Event('visibilitychange'));
    jest.advanceTimersByTime(RECHECK_MS);
    expect(actor.getSnapshot().context.today).toBe('2026-03-09');
  });
});
