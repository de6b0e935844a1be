/** What the leave form shows beside its fields, worked out from the same rules the server refuses with. */
import { LEAVE_REQUEST_MSG } from '../../../shared/leave-policy/leave-request';
import type { Holiday, LeaveBalanceRow, LeaveSettings } from '../../../shared/schemas/leave-policy';
import { chosenType, halfDayOffered, leaveFormDates, leaveFormSummary, type LeaveFormFacts, type LeaveFormValues } from './leave-request-view';
import { leaveType } from '../../test/fixtures';

const TYPES = [
  leaveType('1', 'Casual', { isDefault: true }),
  leaveType('2', 'Sick'),
  leaveType('3', 'Earned', { halfDayAllowed: false }),
  leaveType('4', 'Leave Without Pay', { paid: false, yearlyEntitlement: 0 }),
  leaveType('5', 'Sabbatical', { active: false }),
];
const balance = (id: string, name: string, available: number): LeaveBalanceRow => ({ leaveTypeId: id, leaveType: name, paid: id !== '4', year: '2026', carriedForward: 0, accrued: 12, taken: 12 - available, pending: 0, adjusted: 0, available });
const BALANCES = [balance('1', 'Casual', 9), balance('2', 'Sick', 12), balance('3', 'Earned', 3.5), balance('4', 'Leave Without Pay', -2)];
const SETTINGS: LeaveSettings = { leaveYearStartMonth: 1, weeklyOff: { weekdays: [0], saturdays: [] } };
// Independence Day 2026 is Saturday 15 August; Sunday the 16th is the weekly off.
const HOLIDAYS: Holiday[] = [
  { _id: '1', date: '2026-08-15', name: 'Independence Day', optional: false, repeatsYearly: false, firstDate: '2026-08-15' },
  { _id: '2', date: '2026-08-17', name: 'Parsi New Year', optional: true, repeatsYearly: false, firstDate: '2026-08-17' },
];
const FACTS: LeaveFormFacts = { types: TYPES, balances: BALANCES, settings: SETTINGS, holidays: HOLIDAYS };
const form = (values: Partial<LeaveFormValues>): LeaveFormValues => ({ startDate: '', endDate: '', reason: '', leaveTypeId: '', dayPart: '', ...values });

describe('the leave form beside its fields', () => {
  it('preselects the default type and never offers an inactive one', () => {
    expect(chosenType(TYPES, '')?.name).toBe('Casual');
    expect(chosenType(TYPES, '3')?.name).toBe('Earned');
    expect(chosenType(TYPES, '5')?.name).toBe('Casual');
    expect(chosenType(undefined, '')).toBeUndefined();
  });

  it('counts Friday to Monday over a holiday weekend as 2 working days, saying what it leaves out (an optional holiday is worked)', () => {
    const summary = leaveFormSummary(form({ startDate: '2026-08-14', endDate: '2026-08-17' }), FACTS);
    expect(summary.days).toBe(2);
    expect(summary.daysLine).toBe('2 working days: leaves out 1 weekly off and Independence Day (15 Aug)');
    expect(summary.balanceLine).toBe('Casual balance: 9 days available in leave year 2026. 7 days left after this request.');
    expect(summary.warning).toBeUndefined();
  });

  it('offers a half day only for one day of a type that allows it, and counts it as half a day', () => {
    const friday = form({ startDate: '2026-08-14', endDate: '2026-08-14', dayPart: 'first-half' });
    expect(halfDayOffered(friday, chosenType(TYPES, ''))).toBe(true);
    expect(leaveFormSummary(friday, FACTS)).toMatchObject({ halfDay: true, days: 0.5, daysLine: '0.5 working days' });
    // Earned has no half days: the same values count a full day.
    expect(leaveFormSummary({ ...friday, leaveTypeId: '3' }, FACTS)).toMatchObject({ halfDay: false, days: 1, daysLine: '1 working day' });
    expect(halfDayOffered(form({ startDate: '2026-08-14', endDate: '2026-08-15' }), chosenType(TYPES, ''))).toBe(false);
    expect(halfDayOffered(form({ startDate: '2026-08-14', endDate: '' }), chosenType(TYPES, ''))).toBe(false);
  });

  it('says when the dates hold no working day', () => {
    expect(leaveFormSummary(form({ startDate: '2026-08-15', endDate: '2026-08-16' }), FACTS)).toMatchObject({ days: 0, daysLine: 'No working days: these dates are weekly offs or holidays.' });
  });

  it("warns in the server's words when the request is beyond the balance, naming the unpaid type", () => {
    // Earned: 3.5 available; Monday 3 to Thursday 6 August is 4 working days.
    const summary = leaveFormSummary(form({ startDate: '2026-08-03', endDate: '2026-08-06', leaveTypeId: '3' }), FACTS);
    expect(summary.warning).toBe(LEAVE_REQUEST_MSG.beyondBalance('Earned', 4, 3.5, 'Leave Without Pay'));
    expect(summary.balanceLine).toBe('Earned balance: 3.5 days available in leave year 2026.');
    // A later leave is counted on its first day: the line names it.
    expect(leaveFormSummary(form({ startDate: '2026-08-03', endDate: '2026-08-03', leaveTypeId: '3' }), { ...FACTS, balanceDate: '2026-08-03' }).balanceLine).toBe(
      'Earned balance on 3 Aug 2026: 3.5 days available. 2.5 days left after this request.',
    );
  });

  it('has no balance to keep for an unpaid type', () => {
    const summary = leaveFormSummary(form({ startDate: '2026-08-03', endDate: '2026-08-31', leaveTypeId: '4' }), FACTS);
    expect(summary.balanceLine).toBe('Leave Without Pay is unpaid: it has no balance to run out of.');
    expect(summary.warning).toBeUndefined();
    expect(summary.days).toBe(24); // 29 days less 4 Sundays and Independence Day
  });

  it('warns of a leave across two leave years before counting it', () => {
    const summary = leaveFormSummary(form({ startDate: '2026-12-28', endDate: '2027-01-02' }), FACTS);
    expect(summary.warning).toBe(LEAVE_REQUEST_MSG.spansLeaveYears('2026-12-31', '2027-01-01'));
    expect(summary.days).toBeUndefined();
    // From April, the same dates are one leave year.
    expect(leaveFormSummary(form({ startDate: '2026-12-28', endDate: '2027-01-02' }), { ...FACTS, settings: { ...SETTINGS, leaveYearStartMonth: 4 } }).warning).toBeUndefined();
  });

  it('counts nothing until both dates are there, in order, with the calendar', () => {
    expect(leaveFormSummary(form({ startDate: '2026-08-14' }), FACTS).days).toBeUndefined();
    expect(leaveFormSummary(form({ startDate: '2026-08-14', endDate: '2026-08-13' }), FACTS).days).toBeUndefined();
    expect(leaveFormSummary(form({ startDate: '2026-08-14', endDate: '2026-08-17' }), { ...FACTS, holidays: undefined }).days).toBeUndefined();
  });

  it('takes the balance on the first day of a later leave, as the server does, and fetches the holidays of each year the dates touch', () => {
    expect(leaveFormDates(form({}), '2026-07-15', SETTINGS)).toEqual({ balanceDate: '2026-07-15', holidayYears: [] });
    expect(leaveFormDates(form({ startDate: '2026-09-07', endDate: '2026-09-09' }), '2026-07-15', SETTINGS)).toEqual({ balanceDate: '2026-09-07', holidayYears: [2026] });
    // A leave started in the past is counted against today's balance.
    expect(leaveFormDates(form({ startDate: '2026-07-01', endDate: '2026-07-02' }), '2026-07-15', SETTINGS).balanceDate).toBe('2026-07-15');
    // A leave year from April: a February leave belongs to the year that ends in March; the dates touch two calendar years.
    expect(leaveFormDates(form({ startDate: '2026-12-30', endDate: '2027-02-02' }), '2026-07-15', { ...SETTINGS, leaveYearStartMonth: 4 })).toEqual({
      balanceDate: '2026-12-30',
      holidayYears: [2026, 2027],
    });
  });
});
