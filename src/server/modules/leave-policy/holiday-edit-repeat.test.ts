/** Editing a holiday, and one that repeats every year: the lists, "Who's off", the register and the clashes. */
import { LEAVE_POLICY_MSG as MSG } from '../../../shared/leave-policy/leave-policy-messages';
import type { RegisterPage } from '../../../shared/schemas/attendance-register';
import type { WhosOff } from '../../../shared/schemas/holiday-calendar';
import type { Holiday } from '../../../shared/schemas/leave-policy';
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';

// 10 March 2027 in Kolkata: January 2027 is a closed month for the register.
const NOW = new Date('2027-03-10T06:30:00.000Z');

describe.each(engines)('holiday edit and repeat on %s', (engine) => {
  let t: TestApp;
  let alice: TestEmployee;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => NOW } });
    alice = await t.employee({ name: 'Alice', joinedOn: '2026-01-05' });
  });
  afterEach(() => t.close());

  const add = (body: object) => t.app.inject({ method: 'POST', url: '/api/holidays', headers: auth(t.admin.token), payload: body });
  const edit = (id: string, body: object, token = t.admin.token) => t.app.inject({ method: 'PUT', url: `/api/holidays/${id}`, headers: auth(token), payload: body });
  const year = async (y: number, token = t.admin.token): Promise<Holiday[]> => (await t.app.inject({ method: 'GET', url: `/api/holidays?year=${y}`, headers: auth(token) })).json();
  const added = async (body: object) => {
    const res = await add(body);
    expect(res.statusCode).toBe(201);
    return res.json()._id as string;
  };

  it('lets an admin rename and move a holiday, audited; employees may not', async () => {
    const id = await added({ date: '2026-10-20', name: 'Diwali' });
    const res = await edit(id, { date: '2026-10-21', name: 'Diwali (Lakshmi Puja)', optional: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: MSG.holidayUpdated });
    expect(await year(2026)).toEqual([{ _id: id, date: '2026-10-21', name: 'Diwali (Lakshmi Puja)', optional: true, repeatsYearly: false, firstDate: '2026-10-21' }]);
    expect((await edit(id, { date: '2026-10-22', name: 'Mine' }, alice.token)).statusCode).toBe(403);
    expect((await edit('999999', { date: '2026-10-22', name: 'Gone' })).statusCode).toBe(404);
    const audit = await t.ctx.database.db.selectFrom('audit_log').select('action').where('entity', '=', 'holiday').where('entity_id', '=', id).execute();
    expect(audit.map((a) => a.action)).toEqual(['holiday.create', 'holiday.update']);
  });

  it('refuses a move onto a day that has a holiday, naming the date field', async () => {
    await added({ date: '2026-08-15', name: 'Independence Day' });
    const id = await added({ date: '2026-10-20', name: 'Diwali' });
    const res = await edit(id, { date: '2026-08-15', name: 'Diwali' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ msg: MSG.holidayExists('2026-08-15'), fieldErrors: { date: MSG.holidayExists('2026-08-15') } });
  });

  it('answers every bad field of a body at once', async () => {
    const res = await add({ date: '2026-13-01', name: '', optional: 'maybe', repeatsYearly: 'yes' });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual(['date', 'name', 'optional', 'repeatsYearly']);
    const leap = await add({ date: '2028-02-29', name: 'Leap day', repeatsYearly: true });
    expect(leap.statusCode).toBe(400);
    expect(leap.json().fieldErrors).toEqual({ repeatsYearly: MSG.leapDayRepeat });
  });

  it('shows a repeating holiday in every later year, to employees too, and never before its first date', async () => {
    const id = await added({ date: '2026-01-26', name: 'Republic Day', repeatsYearly: true });
    const listed = (date: string) => ({ _id: id, date, name: 'Republic Day', optional: false, repeatsYearly: true, firstDate: '2026-01-26' });
    expect(await year(2026)).toEqual([listed('2026-01-26')]);
    expect(await year(2031, alice.token)).toEqual([listed('2031-01-26')]);
    expect(await year(2025)).toEqual([]);

    const whosOff: WhosOff = (await t.app.inject({ method: 'GET', url: '/api/whos-off?from=2028-01-20&to=2028-02-10', headers: auth(t.admin.token) })).json();
    expect(whosOff.holidays).toEqual([listed('2028-01-26')]);

    // January 2027: the 26th is a Tuesday, a paid holiday in the register.
    const register: RegisterPage = (await t.app.inject({ method: 'GET', url: '/api/attendance/register?month=2027-01', headers: auth(t.admin.token) })).json();
    expect(register.days[25]).toMatchObject({ date: '2027-01-26', kind: 'holiday' });
    expect(register.rows.find((r) => r.employeeId === alice.employeeId)!.totals.holidays).toBe(1);
  });

  it('makes an edit reach every year, and stops repeating when unmarked', async () => {
    const id = await added({ date: '2026-01-26', name: 'Republic Day', repeatsYearly: true });
    expect((await edit(id, { date: '2026-01-26', name: 'Gantantra Diwas', repeatsYearly: true })).statusCode).toBe(200);
    expect((await year(2029)).map((h) => h.name)).toEqual(['Gantantra Diwas']);
    expect((await edit(id, { date: '2026-01-26', name: 'Gantantra Diwas' })).statusCode).toBe(200);
    expect(await year(2029)).toEqual([]);
  });

  it('keeps one holiday a day: a later dated one wins its day, a new one on a repeated day is refused', async () => {
    const special = await added({ date: '2028-01-26', name: 'Republic Day (observed)' });
    const id = await added({ date: '2026-01-26', name: 'Republic Day', repeatsYearly: true });
    expect((await year(2028)).map((h) => [h._id, h.name])).toEqual([[special, 'Republic Day (observed)']]);
    expect((await year(2027)).map((h) => h._id)).toEqual([id]);

    const clash = await add({ date: '2030-01-26', name: 'Another' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fieldErrors).toEqual({ date: MSG.holidayRepeats('2030-01-26', 'Republic Day') });
    // Before the first year, the day is free.
    expect((await add({ date: '2025-01-26', name: 'Earlier' })).statusCode).toBe(201);
    // Two series on one day would meet every year.
    const second = await add({ date: '2029-01-26', name: 'Second series', repeatsYearly: true });
    expect(second.statusCode).toBe(409);

    const csv = await t.app.inject({ method: 'POST', url: '/api/holidays/import', headers: { ...auth(t.admin.token), 'content-type': 'text/csv' }, payload: 'date,name\n2031-01-26,Copy\n' });
    expect(csv.statusCode).toBe(400);
    expect(csv.json().errors).toEqual(['Row 2: 2031-01-26 is already a holiday (Republic Day)']);
  });
});
