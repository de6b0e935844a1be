import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { FALLBACK, PREFIX } from '../../copy';
import { punchMachine, type PunchResult } from './punch-machine';

function start(answers: { in?: () => Promise<PunchResult>; out?: () => Promise<PunchResult> }) {
  const notify = jest.fn();
  const calls: string[] = [];
  const never = () => Promise.reject(new Error('not expected'));
  const logic = punchMachine.provide({
    actions: { notify },
    actors: {
      punchIn: fromPromise<PunchResult, void>(() => {
        calls.push('in');
        return (answers.in ?? never)();
      }),
      punchOut: fromPromise<PunchResult, void>(() => {
        calls.push('out');
        return (answers.out ?? never)();
      }),
    },
  });
  const actor = createActor(logic, { clock: new SimulatedClock() }).start();
  const settled = () => waitFor(actor, (s) => s.matches('idle'), { timeout: 15_000 });
  // The messages shown (toasts in the app), and their tones.
  const alerts = () => notify.mock.calls.map((c) => c[1].message);
  const tones = () => notify.mock.calls.map((c) => c[1].tone);
  return { actor, calls, alerts, tones, settled };
}

describe('punch machine', () => {
  it('punch in: alerts the server msg', async () => {
    const { actor, alerts, tones, calls, settled } = start({ in: async () => ({ msg: 'Punched in successfully' }) });
    actor.send({ type: 'PUNCH_IN' });
    expect(actor.getSnapshot().value).toBe('punchingIn');
    await settled();
    expect(calls).toEqual(['in']);
    expect(alerts()).toEqual(['Punched in successfully']);
    expect(tones()).toEqual(['success']);
  });

  it('punch out: alerts the server msg', async () => {
    const { actor, alerts, calls, settled } = start({ out: async () => ({ msg: 'Punched out successfully' }) });
    actor.send({ type: 'PUNCH_OUT' });
    expect(actor.getSnapshot().value).toBe('punchingOut');
    await settled();
    expect(calls).toEqual(['out']);
    expect(alerts()).toEqual(['Punched out successfully']);
  });

  it('one punch at a time: clicks during a punch are ignored', async () => {
    let release!: (r: PunchResult) => void;
    const { actor, calls, settled } = start({ in: () => new Promise((r) => (release = r)) });
    actor.send({ type: 'PUNCH_IN' });
    actor.send({ type: 'PUNCH_IN' });
    actor.send({ type: 'PUNCH_OUT' });
    release({ msg: 'ok' });
    await settled();
    expect(calls).toEqual(['in']);
  });

  it.each([
    ['in', 'PUNCH_IN', PREFIX.punchIn],
    ['out', 'PUNCH_OUT', PREFIX.punchOut],
  ] as const)('punch %s failure: the spec prefix + the server msg', async (kind, type, prefix) => {
    const { actor, alerts, tones, settled } = start({ [kind]: () => Promise.reject({ status: 409, data: { msg: 'Already punched in today' } }) });
    actor.send({ type });
    await settled();
    expect(alerts()).toEqual([`${prefix}Already punched in today`]);
    expect(tones()).toEqual(['error']);
  });

  it.each([
    ['in', 'PUNCH_IN', PREFIX.punchIn + FALLBACK.punchIn],
    ['out', 'PUNCH_OUT', PREFIX.punchOut + FALLBACK.punchOut],
  ] as const)('punch %s failure without a msg: the spec fallback', async (kind, type, expected) => {
    const { actor, alerts, settled } = start({ [kind]: () => Promise.reject({ status: 500, data: '<html>' }) });
    actor.send({ type });
    await settled();
    expect(alerts()).toEqual([expected]);
  });

  it('can punch again after a failure', async () => {
    let attempt = 0;
    const { actor, alerts, settled } = start({
      in: () => (++attempt === 1 ? Promise.reject({ status: 'FETCH_ERROR', error: 'TypeError' }) : Promise.resolve({ msg: 'Punched in successfully' })),
    });
    actor.send({ type: 'PUNCH_IN' });
    await settled();
    actor.send({ type: 'PUNCH_IN' });
    await settled();
    expect(alerts()[1]).toBe('Punched in successfully');
    expect(alerts()[0]).toMatch(new RegExp(`^${PREFIX.punchIn}`));
  });
});
