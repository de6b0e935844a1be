import { createActor } from 'xstate';
import { MSG } from '../../copy';
import { rangeFormMachine } from './range-form-machine';

const start = () => createActor(rangeFormMachine, { input: { range: { startDate: '2026-02-01', endDate: '2026-03-02' } } }).start();

describe('range form machine', () => {
  it('starts with the input range typed and shown', () => {
    const { context } = start().getSnapshot();
    expect(context).toEqual({
      draft: { startDate: '2026-02-01', endDate: '2026-03-02' },
      applied: { startDate: '2026-02-01', endDate: '2026-03-02' },
      problem: null,
    });
  });

  it('typing changes only the draft; APPLY shows it', () => {
    const actor = start();
    actor.send({ type: 'CHANGE', field: 'startDate', value: '2026-02-10' });
    actor.send({ type: 'CHANGE', field: 'endDate', value: '2026-02-20' });
    expect(actor.getSnapshot().context.applied).toEqual({ startDate: '2026-02-01', endDate: '2026-03-02' });
    actor.send({ type: 'APPLY' });
    expect(actor.getSnapshot().context.applied).toEqual({ startDate: '2026-02-10', endDate: '2026-02-20' });
  });

  it('a missing date or a start after the end is shown, and the list keeps its range', () => {
    const actor = start();
    actor.send({ type: 'CHANGE', field: 'endDate', value: '' });
    actor.send({ type: 'APPLY' });
    expect(actor.getSnapshot().context.problem).toBe(MSG.datesRequired);
    actor.send({ type: 'CHANGE', field: 'endDate', value: '2026-01-01' });
    actor.send({ type: 'APPLY' });
    expect(actor.getSnapshot().context.problem).not.toBeNull();
    expect(actor.getSnapshot().context.applied).toEqual({ startDate: '2026-02-01', endDate: '2026-03-02' });
    actor.send({ type: 'CHANGE', field: 'endDate', value: '2026-02-05' });
    actor.send({ type: 'APPLY' });
    expect(actor.getSnapshot().context).toMatchObject({ problem: null, applied: { startDate: '2026-02-01', endDate: '2026-02-05' } });
  });
});
