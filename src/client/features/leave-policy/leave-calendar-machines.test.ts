/** The leave calendar's flows, headless: the edit form, the holiday import, and Who's off's days. */
import { createActor, fromPromise, waitFor } from 'xstate';
import type { HolidayImportResponse, WhosOff } from '../../../shared/schemas/holiday-calendar';
import type { LeaveSettings } from '../../../shared/schemas/leave-policy';
import type { SubmitResult } from '../../flows/form-submit-machine';
import type { FlowResult } from '../../flows/row-action-machine';
import { holidayImportMachine, type HolidayImportInput } from './holiday-import-machine';
import { leaveSettingsMachine, settingsValues, toggled, weeklyOffOf } from './leave-settings-form';
import { BLANK_LEAVE_TYPE, leaveTypeEditorMachine, type LeaveTypeSave } from './leave-type-editor';
import { offDays, periodFacts, periodOf, stepAnchor } from './whos-off-view';

const WAIT = { timeout: 5_000 };

describe('leave settings form', () => {
  const start = (submit: (input: LeaveSettings) => Promise<SubmitResult>) => {
    const sent: LeaveSettings[] = [];
    const told: (FlowResult | null)[] = [];
    const actor = createActor(
      leaveSettingsMachine.provide({
        actors: { submit: fromPromise<SubmitResult, LeaveSettings>(({ input }) => (sent.push(input), submit(input))) },
        actions: { notify: (_, result) => told.push(result) },
      }),
      { input: { values: settingsValues({ leaveYearStartMonth: 1, weeklyOff: { weekdays: [0], saturdays: [] } }) } },
    ).start();
    return { actor, sent, told };
  };

  it('sends the rule the boxes say, tells it, and stays open on what was saved', async () => {
    const { actor, sent, told } = start(async () => ({ msg: 'Leave settings saved' }));
    actor.send({ type: 'CHANGE', field: 'leaveYearStartMonth', value: '4' });
    actor.send({ type: 'CHANGE', field: 'saturdays', value: toggled(toggled('', 4, true), 2, true) });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('success'), WAIT);
    expect(sent).toEqual([{ leaveYearStartMonth: 4, weeklyOff: { weekdays: [0], saturdays: [2, 4] } }]);
    expect(actor.getSnapshot().context).toMatchObject({ values: { leaveYearStartMonth: '4', saturdays: '2,4' } });
    expect(told).toEqual([{ tone: 'success', message: 'Leave settings saved' }]);
    // The next save starts from what was saved.
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('success') && sent.length === 2, WAIT);
    expect(sent[1]).toEqual(sent[0]);
  });

  it('refuses a week with no working day before sending, and drops Saturdays by place when every Saturday is off', async () => {
    const { actor, sent } = start(async () => ({}));
    actor.send({ type: 'CHANGE', field: 'weekdays', value: '0,1,2,3,4,5,6' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.error).toBe('At least one day of the week must be a working day');
    expect(sent).toEqual([]);
    expect(weeklyOffOf({ leaveYearStartMonth: '1', weekdays: '0,6', saturdays: '2,4' })).toEqual({ weekdays: [0, 6], saturdays: [] });
  });

  it("keeps the values and shows the server's reason when the save fails", async () => {
    const { actor, told } = start(async () => {
      throw { status: 403, data: { msg: 'Access denied' } };
    });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('error'), WAIT);
    // Told once, as a toast: the refusal names no field of the form.
    expect(actor.getSnapshot().context).toMatchObject({ error: null, values: { leaveYearStartMonth: '1' } });
    expect(told).toEqual([{ tone: 'error', message: 'Error saving leave settings: Access denied' }]);
  });
});

describe('leave type editor', () => {
  it('adds a new type (no target) with numbers and flags converted, then closes with a toast', async () => {
    const sent: LeaveTypeSave[] = [];
    const told: FlowResult[] = [];
    let closed = 0;
    const actor = createActor(
      leaveTypeEditorMachine.provide({
        actors: { submit: fromPromise<SubmitResult, LeaveTypeSave>(async ({ input }) => (sent.push(input), {})) },
        actions: { notify: (_, result) => told.push(result), redirect: () => closed++ },
      }),
    ).start();
    actor.send({ type: 'SUBMIT' });
    // The line over the marks counts them; each mark says what is wrong under its label.
    expect(actor.getSnapshot().context.error).toBe('Fix the 2 marked fields below.');
    expect(actor.getSnapshot().context.fieldErrors).toMatchObject({ name: 'Required' });
    // Every field the schema refuses is marked at once, not only the first.
    actor.send({ type: 'CHANGE', field: 'carryForwardCap', value: '-1' });
    actor.send({ type: 'SUBMIT' });
    expect(Object.keys(actor.getSnapshot().context.fieldErrors).sort()).toEqual(['carryForwardCap', 'name', 'yearlyEntitlement']);
    actor.send({ type: 'CHANGE', field: 'carryForwardCap', value: '0' });
    actor.send({ type: 'CHANGE', field: 'name', value: ' Paternity ' });
    actor.send({ type: 'CHANGE', field: 'yearlyEntitlement', value: '1.25' });
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().context.fieldErrors.yearlyEntitlement).toMatch(/whole or half number of days/);
    actor.send({ type: 'CHANGE', field: 'yearlyEntitlement', value: '7.5' });
    actor.send({ type: 'CHANGE', field: 'paid', value: 'no' });
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('redirected'), WAIT);
    expect(sent).toEqual([
      { id: null, body: { name: 'Paternity', yearlyEntitlement: 7.5, accrual: 'yearly', proRate: true, carryForwardCap: 0, halfDayAllowed: true, paid: false, active: true } },
    ]);
    expect(told).toEqual([{ tone: 'success', message: 'Paternity added' }]);
    expect(closed).toBe(1);
  });

  it('saves a type it was started on under its id, named in the toast', async () => {
    const sent: LeaveTypeSave[] = [];
    const told: FlowResult[] = [];
    const actor = createActor(
      leaveTypeEditorMachine.provide({
        actors: { submit: fromPromise<SubmitResult, LeaveTypeSave>(async ({ input }) => (sent.push(input), {})) },
        actions: { notify: (_, result) => told.push(result) },
      }),
      { input: { target: 'lt-1', values: { ...BLANK_LEAVE_TYPE, name: 'Casual', yearlyEntitlement: '12' } } },
    ).start();
    actor.send({ type: 'SUBMIT' });
    await waitFor(actor, (s) => s.matches('redirected'), WAIT);
    expect(sent[0]).toMatchObject({ id: 'lt-1', body: { name: 'Casual', yearlyEntitlement: 12 } });
    expect(told).toEqual([{ tone: 'success', message: 'Casual saved' }]);
  });
});

describe('holiday import', () => {
  const file = new File(['date,name\n'], 'holidays.csv', { type: 'text/csv' });
  const start = (answer: () => Promise<HolidayImportResponse>) => {
    const told: FlowResult[] = [];
    const actor = createActor(
      holidayImportMachine.provide({
        actors: { importFile: fromPromise<HolidayImportResponse, HolidayImportInput>(answer) },
        actions: { notify: (_, result) => told.push(result) },
      }),
    ).start();
    return { actor, told };
  };

  it('asks for a file first, then imports and tells', async () => {
    const { actor, told } = start(async () => ({ msg: 'Imported 3 holidays', added: 3, errors: [] }));
    actor.send({ type: 'IMPORT' });
    expect(actor.getSnapshot().context.error).toBe('Please select a CSV file to import');
    actor.send({ type: 'SELECT_FILE', file });
    actor.send({ type: 'IMPORT' });
    await waitFor(actor, (s) => s.matches('imported'), WAIT);
    expect(actor.getSnapshot().context).toMatchObject({ message: 'Imported 3 holidays', error: null, rowErrors: [] });
    expect(told).toEqual([{ tone: 'success', message: 'Imported 3 holidays' }]);
  });

  it('lists the rows to fix of a refused file, and a new file starts over', async () => {
    const { actor } = start(async () => {
      throw { status: 400, data: { msg: 'Nothing was imported: 1 row has errors.', added: 0, errors: ['Row 3: name is required'] } };
    });
    actor.send({ type: 'SELECT_FILE', file });
    actor.send({ type: 'IMPORT' });
    await waitFor(actor, (s) => s.matches('refused'), WAIT);
    expect(actor.getSnapshot().context).toMatchObject({ error: 'Nothing was imported: 1 row has errors.', rowErrors: ['Row 3: name is required'] });
    actor.send({ type: 'SELECT_FILE', file });
    expect(actor.getSnapshot().context).toMatchObject({ error: null, rowErrors: [] });
  });

  it('says why a failed call failed, with its prefix', async () => {
    const { actor, told } = start(async () => {
      throw { status: 413, data: { msg: 'The CSV file is larger than the 256 KB limit' } };
    });
    actor.send({ type: 'SELECT_FILE', file });
    actor.send({ type: 'IMPORT' });
    await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null, WAIT);
    expect(actor.getSnapshot().context.error).toBe('Error importing holidays: The CSV file is larger than the 256 KB limit');
    expect(told).toEqual([{ tone: 'error', message: 'Error importing holidays: The CSV file is larger than the 256 KB limit' }]);
  });
});

describe("who's off, day by day", () => {
  it('covers whole weeks, Monday first, and steps by a week or a month', () => {
    expect(periodOf('week', '2026-11-25')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    // November 2026 starts on a Sunday and ends on a Monday: six rows, 42 days, the server's bound.
    expect(periodOf('month', '2026-11-25')).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    expect(periodOf('month', '2027-02-10')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(stepAnchor('week', '2026-11-25', -1)).toBe('2026-11-18');
    expect(stepAnchor('month', '2026-12-31', 1)).toBe('2027-01-01');
    expect(stepAnchor('month', '2026-01-15', -1)).toBe('2025-12-01');
  });

  it('lists people on working days by name, and nobody on a holiday or weekly off', () => {
    const data: WhosOff = {
      from: '2026-11-23',
      to: '2026-11-29',
      weeklyOff: { weekdays: [0], saturdays: [4] },
      holidays: [
        { _id: '1', date: '2026-11-24', name: 'Guru Nanak Jayanti', optional: false, repeatsYearly: false, firstDate: '2026-11-24' },
        { _id: '2', date: '2026-11-26', name: 'Local fair', optional: true, repeatsYearly: false, firstDate: '2026-11-26' },
      ],
      leaves: [
        { _id: 'a', employeeId: 'EMP0002', name: 'Zoya', leaveType: 'Casual', startDate: '2026-11-20', endDate: '2026-11-25', dayPart: null },
        { _id: 'b', employeeId: 'EMP0001', name: 'Asha', leaveType: 'Sick', startDate: '2026-11-25', endDate: '2026-11-25', dayPart: 'first-half' },
        { _id: 'c', employeeId: 'EMP0003', name: 'Ravi', leaveType: 'Earned', startDate: '2026-11-26', endDate: '2026-12-02', dayPart: null },
      ],
    };
    const days = offDays(data, 'week', '2026-11-25');
    const seen = Object.fromEntries(days.map((d) => [d.date, [d.holiday ?? (d.weeklyOff ? 'WO' : d.optionalHoliday ?? ''), ...d.people.map((p) => p.name)]]));
    expect(seen).toEqual({
      '2026-11-23': ['', 'Zoya'],
      '2026-11-24': ['Guru Nanak Jayanti'],
      '2026-11-25': ['', 'Asha', 'Zoya'],
      '2026-11-26': ['Local fair', 'Ravi'],
      '2026-11-27': ['', 'Ravi'],
      '2026-11-28': ['WO'], // the 4th Saturday
      '2026-11-29': ['WO'],
    });
    expect(periodFacts(days)).toEqual({ people: 3, leaveDays: 4.5 });
    expect(offDays(data, 'week', '2026-11-25', 'emp0003').flatMap((d) => d.people.map((p) => p.name))).toEqual(['Ravi', 'Ravi']);
  });
});
