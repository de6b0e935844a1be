import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { PunchPosition } from '../../../shared/schemas/day-rules';
import { FALLBACK, PREFIX } from '../../copy';
import { PUNCH_POSITION_UI } from './attendance-copy';
import { punchMachine, type PunchResult } from './punch-machine';

const OFFICE: PunchPosition = { latitude: 18.5204, longitude: 73.8567, accuracy: 12 };

function start(answers: { in?: () => Promise<PunchResult>; out?: () => Promise<PunchResult>; locate?: () => Promise<PunchPosition> }) {
  const notify = jest.fn();
  const calls: string[] = [];
  // What each punch call was sent: the position, or undefined for the spec's empty call.
  const sent: (PunchPosition | undefined)[] = [];
  const never = () => Promise.reject(new Error('not expected'));
  const logic = punchMachine.provide({
    actions: { notify },
    actors: {
      punchIn: fromPromise<PunchResult, PunchPosition | undefined>(({ input }) => {
        calls.push('in');
        sent.push(input);
        return (answers.in ?? never)();
      }),
      punchOut: fromPromise<PunchResult, PunchPosition | undefined>(({ input }) => {
        calls.push('out');
        sent.push(input);
        return (answers.out ?? never)();
      }),
      locate: fromPromise<PunchPosition>(() => {
        calls.push('locate');
        return (answers.locate ?? never)();
      }),
    },
  });
  const actor = createActor(logic, { clock: new SimulatedClock() }).start();
  const settled = () => waitFor(actor, (s) => s.matches('idle'), { timeout: 15_000 });
  // The messages shown (toasts in the app), and their tones.
  const alerts = () => notify.mock.calls.map((c) => c[1].message);
  const tones = () => notify.mock.calls.map((c) => c[1].tone);
  return { actor, calls, sent, alerts, tones, settled };
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

  it('a rule without a site: no position is asked for, and the call carries nothing', async () => {
    const { actor, calls, sent, settled } = start({ in: async () => ({ msg: 'Punched in successfully' }) });
    actor.send({ type: 'PUNCH_IN', needsPosition: false });
    await settled();
    expect(calls).toEqual(['in']);
    expect(sent).toEqual([undefined]);
  });

  it.each([
    ['in', 'PUNCH_IN', 'locatingIn'],
    ['out', 'PUNCH_OUT', 'locatingOut'],
  ] as const)('a rule with a site: punch %s finds the position first and sends it', async (kind, type, locating) => {
    let found!: (p: PunchPosition) => void;
    const { actor, calls, sent, alerts, settled } = start({ locate: () => new Promise((r) => (found = r)), [kind]: async () => ({ msg: 'done' }) });
    actor.send({ type, needsPosition: true });
    expect(actor.getSnapshot().value).toBe(locating);
    // A second click while the browser looks is ignored: still one punch.
    actor.send({ type, needsPosition: true });
    found(OFFICE);
    await settled();
    expect(calls).toEqual(['locate', kind]);
    expect(sent).toEqual([OFFICE]);
    expect(alerts()).toEqual(['done']);
  });

  it('a position that cannot be found: says why with the spec prefix, and sends nothing', async () => {
    const { actor, calls, alerts, tones, settled } = start({ locate: () => Promise.reject(new Error(PUNCH_POSITION_UI.denied)) });
    actor.send({ type: 'PUNCH_IN', needsPosition: true });
    await settled();
    expect(calls).toEqual(['locate']);
    expect(alerts()).toEqual([PREFIX.punchIn + PUNCH_POSITION_UI.denied]);
    expect(tones()).toEqual(['error']);
  });

  it('the server refusing the place: its msg, and the next punch looks again', async () => {
    let attempt = 0;
    const { actor, calls, sent, alerts, settled } = start({
      locate: async () => ({ ...OFFICE, latitude: OFFICE.latitude + attempt }),
      in: () => (++attempt === 1 ? Promise.reject({ status: 403, data: { msg: 'You are 2.1 km from Pune office' } }) : Promise.resolve({ msg: 'ok' })),
    });
    actor.send({ type: 'PUNCH_IN', needsPosition: true });
    await settled();
    actor.send({ type: 'PUNCH_IN', needsPosition: true });
    await settled();
    expect(calls).toEqual(['locate', 'in', 'locate', 'in']);
    expect(sent.map((p) => p?.latitude)).toEqual([OFFICE.latitude, OFFICE.latitude + 1]);
    expect(alerts()).toEqual([`${PREFIX.punchIn}You are 2.1 km from Pune office`, 'ok']);
  });
});
