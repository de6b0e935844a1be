import { DEFAULT_DAY_RULES, type DayRules } from '../../../shared/schemas/day-rules';
import type { SubmitResult } from '../../flows/form-submit-machine';
import { dayRulesMachine, dayRulesValues, toDayRules } from './day-rules-forms';
import { createActor, fromPromise, waitFor } from 'xstate';

describe("the day's rules form", () => {
  it('fills the overtime choices left out of rules saved before them with their defaults, and sends them back', () => {
    const saved: DayRules = { ...DEFAULT_DAY_RULES, overtime: { enabled: true, normalDayMinutes: 540, normalWeekMinutes: 2880, rate: 2, payable: true } };
    const values = dayRulesValues(saved);
    expect(values).toMatchObject({ weekStart: 'monday', rateWages: 'gross', rateDays: 'working' });
    expect(toDayRules({ ...values, weekStart: 'sunday', rateDays: '26', rateWages: 'basic' }).overtime).toEqual({
      enabled: true,
      normalDayMinutes: 540,
      normalWeekMinutes: 2880,
      rate: 2,
      payable: true,
      weekStartsOn: 'sunday',
      rateWages: 'basic',
      rateDays: '26',
    });
  });

  it("marks a choice's field when it is refused, by the form's own check or by the server's fieldErrors", async () => {
    const sent: DayRules[] = [];
    const logic = dayRulesMachine.provide({
      actors: {
        submit: fromPromise<SubmitResult, DayRules>(async ({ input }) => {
          sent.push(input);
          throw { status: 400, data: { msg: 'rateDays must be working, 26 or 30', fieldErrors: { 'overtime.rateDays': 'rateDays must be working, 26 or 30' } } };
        }),
      },
    });
    const actor = createActor(logic, { input: { values: { ...dayRulesValues(DEFAULT_DAY_RULES), overtime: 'true' } } }).start();
    actor.send({ type: 'CHANGE', field: 'weekStart', value: 'someday' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ weekStart: 'Must be one of monday, tuesday, wednesday, thursday, friday, saturday, sunday' });
    expect(sent).toEqual([]);
    actor.send({ type: 'CHANGE', field: 'weekStart', value: 'sunday' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (snap) => Object.keys(snap.context.fieldErrors).length > 0);
    expect(sent[0]!.overtime).toMatchObject({ weekStartsOn: 'sunday' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ rateDays: 'Must be working, 26 or 30' });
  });
});
