import { createActor, SimulatedClock } from 'xstate';
import { inactivityMachine } from './inactivity-machine';

function start() {
  const clock = new SimulatedClock();
  const actor = createActor(inactivityMachine, { clock }).start();
  return { actor, clock };
}

describe('inactivity machine', () => {
  it('expires at exactly 10 minutes, not a millisecond earlier', () => {
    const { actor, clock } = start();
    clock.increment(599_999);
    expect(actor.getSnapshot().value).toBe('watching');
    clock.increment(1);
    expect(actor.getSnapshot().value).toBe('expired');
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('activity at 9:59 restarts the ten minutes, so expiry moves to 19:59', () => {
    const { actor, clock } = start();
    clock.increment(599_000);
    actor.send({ type: 'ACTIVITY' });
    clock.increment(600_000 - 1);
    expect(actor.getSnapshot().value).toBe('watching');
    clock.increment(1);
    expect(clock.now()).toBe(1_199_000);
    expect(actor.getSnapshot().value).toBe('expired');
  });

  it('ignores activity once expired', () => {
    const { actor, clock } = start();
    clock.increment(600_000);
    actor.send({ type: 'ACTIVITY' });
    expect(actor.getSnapshot().value).toBe('expired');
  });
});
