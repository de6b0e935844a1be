/** The holiday CSV import (all or nothing, per-row errors) and "Who's off" (bounded, admins only). */
import { HOLIDAY_CALENDAR_MSG as MSG } from '../../../shared/leave-policy/holiday-calendar-messages';
import type { AttendanceRecord, AttendanceSummaryDay } from '../../../shared/schemas/attendance';
import type { WhosOff } from '../../../shared/schemas/holiday-calendar';
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';
import { CSV_MSG } from '../../csv-table';

const NOW = new Date('2026-09-01T06:30:00.000Z');

describe.each(engines)('holiday calendar on %s', (engine) => {
  let t: TestApp;
  let alice: TestEmployee;
  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => NOW } });
    alice = await t.employee({ name: 'Alice' });
  });
  afterEach(() => t.close());

  const importCsv = (csv: string | Buffer, token = t.admin.token, contentType = 'text/csv') =>
    t.app.inject({ method: 'POST', url: '/api/holidays/import?file=india-2026.csv', headers: { ...auth(token), 'content-type': contentType }, payload: csv });
  const holidayRows = () => t.ctx.database.db.selectFrom('holidays').select(['date', 'name', 'optional']).orderBy('date').execute();
  const auditActions = async () => (await t.ctx.database.db.selectFrom('audit_log').select('action').where('entity', '=', 'holiday').orderBy('id').execute()).map((a) => a.action);

  describe('import', () => {
    it('adds every holiday of a good file in one go and audits each one and the import', async () => {
      const csv = '\uFEFFDate,Name,Optional\r\n2026-01-26,Republic Day,no\r\n2026-08-15,Independence Day,\r\n"2026-10-20","Diwali, Lakshmi Puja",yes\r\n';
      const res = await importCsv(csv);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ msg: 'Imported 3 holidays', added: 3, errors: [] });
      expect(await holidayRows()).toEqual([
        { date: '2026-01-26', name: 'Republic Day', optional: 0 },
        { date: '2026-08-15', name: 'Independence Day', optional: 0 },
        { date: '2026-10-20', name: 'Diwali, Lakshmi Puja', optional: 1 },
      ]);
      expect(await auditActions()).toEqual(['holiday.create', 'holiday.create', 'holiday.create', 'holiday.import']);
      const summary = await t.ctx.database.db.selectFrom('audit_log').select('after_json').where('action', '=', 'holiday.import').executeTakeFirstOrThrow();
      expect(JSON.parse(summary.after_json!)).toEqual({ file: 'india-2026.csv', rows: 3, added: 3 });
    });

    it('writes nothing when any row is bad, and lists every bad row by its spreadsheet row number', async () => {
      await t.app.inject({ method: 'POST', url: '/api/holidays', headers: auth(t.admin.token), payload: { date: '2026-12-25', name: 'Christmas' } });
      const csv = [
        'date,name,optional',
        '2026-01-26,Republic Day,no',
        '2026-02-30,No such day,no',
        '',
        '2026-03-04,,no',
        '2026-01-26,Republic Day again,no',
        '2026-03-25,Holi,maybe',
        '2026-12-25,Christmas Day,no',
        '26/01/2026,Wrong format,no',
      ].join('\n');
      const res = await importCsv(csv);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        msg: MSG.importRefused(6),
        added: 0,
        errors: [
          'Row 3: date is not a real calendar date ("2026-02-30")',
          'Row 5: name is required',
          'Row 6: duplicate date 2026-01-26 (also on row 2)',
          'Row 7: optional must be yes or no ("maybe")',
          'Row 8: 2026-12-25 is already a holiday (Christmas)',
          'Row 9: date must be a date written YYYY-MM-DD ("26/01/2026")',
        ],
      });
      // A file whose rows are fine but whose date already has a holiday is refused the same way.
      const clash = await importCsv('date,name\n2026-01-26,Republic Day\n2026-12-25,Christmas Day\n');
      expect(clash.statusCode).toBe(400);
      expect(clash.json()).toEqual({ msg: MSG.importRefused(1), added: 0, errors: ['Row 3: 2026-12-25 is already a holiday (Christmas)'] });
      expect(await holidayRows()).toEqual([{ date: '2026-12-25', name: 'Christmas', optional: 0 }]);
      expect(await auditActions()).toEqual(['holiday.create']);
    });

    it('refuses files that are not a holiday CSV with a reason, never a 500', async () => {
      const empty = await importCsv('');
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toEqual({ msg: expect.any(String) });
      expect((await importCsv('date,name\n')).json()).toEqual({ msg: MSG.csvNoRows });
      expect((await importCsv('when,what\n2026-01-26,Republic Day\n')).json()).toEqual({ msg: CSV_MSG.csvMissingColumns(['date', 'name']) });
      expect((await importCsv(Buffer.from([0x64, 0x61, 0x74, 0x65, 0x2c, 0x6e, 0x61, 0x6d, 0x65, 0x0a, 0xe9, 0x2c, 0x78, 0x0a]))).statusCode).toBe(400);
      const json = await t.app.inject({ method: 'POST', url: '/api/holidays/import', headers: auth(t.admin.token), payload: { date: '2026-01-26' } });
      expect(json.json()).toEqual({ msg: MSG.csvNoBody });
      const big = await importCsv(`date,name\n${'2026-01-26,x\n'.repeat(30_000)}`);
      expect(big.statusCode).toBe(413);
      expect(big.json()).toEqual({ msg: MSG.csvTooLarge(256) });
      expect(await holidayRows()).toEqual([]);
    });

    it('is for admins only', async () => {
      expect((await importCsv('date,name\n2026-01-26,Republic Day\n', alice.token)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: '/api/holidays/import', headers: { 'content-type': 'text/csv' }, payload: 'date,name\n' })).statusCode).toBe(401);
      expect(await holidayRows()).toEqual([]);
    });
  });

  describe("who's off", () => {
    const whosOff = (from: string, to: string, token = t.admin.token) => t.app.inject({ method: 'GET', url: `/api/whos-off?from=${from}&to=${to}`, headers: auth(token) });
    const leave = (userId: number, start: string, end: string, status: 'approved' | 'pending' | 'rejected', dayPart: 'first-half' | null = null) =>
      t.ctx.database.db.insertInto('leaves').values({ user_id: userId, start_date: start, end_date: end, reason: 'r', status, created_at: NOW.toISOString(), day_part: dayPart }).execute();

    it("returns the period's approved leave of active people, its holidays and the weekly off rule", async () => {
      const bob = await t.employee({ name: 'Bob' });
      const gone = await t.employee({ name: 'Gone' });
      await leave(alice.id, '2026-08-28', '2026-09-02', 'approved'); // runs into the week
      await leave(bob.id, '2026-09-04', '2026-09-04', 'approved', 'first-half');
      await leave(bob.id, '2026-09-03', '2026-09-03', 'pending'); // not approved: not off
      await leave(alice.id, '2026-09-05', '2026-09-05', 'rejected');
      await leave(alice.id, '2026-09-08', '2026-09-10', 'approved'); // after the week
      await leave(gone.id, '2026-09-01', '2026-09-01', 'approved');
      await t.ctx.database.db.updateTable('users').set({ active: 0 }).where('id', '=', gone.id).execute();
      const sick = await t.ctx.database.db.selectFrom('leave_types').select('id').where('name', '=', 'Sick').executeTakeFirstOrThrow();
      await t.ctx.database.db.updateTable('leaves').set({ leave_type_id: sick.id }).where('day_part', '=', 'first-half').execute();
      await t.app.inject({ method: 'POST', url: '/api/holidays', headers: auth(t.admin.token), payload: { date: '2026-09-04', name: 'Ganesh Chaturthi', optional: true } });

      const res = await whosOff('2026-08-31', '2026-09-06');
      expect(res.statusCode).toBe(200);
      const body = res.json() as WhosOff;
      expect(body.weeklyOff).toEqual({ weekdays: [0], saturdays: [] });
      expect(body.holidays.map((h) => [h.date, h.name, h.optional])).toEqual([['2026-09-04', 'Ganesh Chaturthi', true]]);
      expect(body.leaves.map((l) => [l.name, l.leaveType, l.startDate, l.endDate, l.dayPart])).toEqual([
        ['Alice', 'Casual', '2026-08-28', '2026-09-02', null],
        ['Bob', 'Sick', '2026-09-04', '2026-09-04', 'first-half'],
      ]);
    });

    it('answers at most 42 days, in order, to admins only', async () => {
      expect((await whosOff('2026-09-01', '2026-10-12')).statusCode).toBe(200); // 42 days
      const tooLong = await whosOff('2026-09-01', '2026-10-13');
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().msg).toMatch(/at most 42 days apart/);
      expect((await whosOff('2026-09-10', '2026-09-01')).json().msg).toMatch(/from must not be after to/);
      expect((await whosOff('2026-02-30', '2026-03-01')).statusCode).toBe(400);
      expect((await t.app.inject({ method: 'GET', url: '/api/whos-off', headers: auth(t.admin.token) })).statusCode).toBe(400);
      expect((await whosOff('2026-09-01', '2026-09-07', alice.token)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url: '/api/whos-off?from=2026-09-01&to=2026-09-07' })).statusCode).toBe(401);
    });
  });

  describe('attendance on days off', () => {
    // NOW is Tuesday 1 September 2026 in Asia/Kolkata; the week before holds Sunday 30 August.
    const addHoliday = (date: string, name: string, optional = false) =>
      t.app.inject({ method: 'POST', url: '/api/holidays', headers: auth(t.admin.token), payload: { date, name, optional } });
    const record = (userId: number, date: string, status: string) =>
      t.ctx.database.db.insertInto('attendance').values({ user_id: userId, date, status, punch_in: status === 'P' ? `${date}T03:30:00.000Z` : null, punch_out: null }).execute();

    it('counts nobody absent on a holiday or a weekly off in the chart, and says which day it was', async () => {
      await addHoliday('2026-08-28', 'Founders Day');
      await addHoliday('2026-08-27', 'Onam', true); // optional: a working day for everyone else
      await record(alice.id, '2026-08-31', 'P');
      const res = await t.app.inject({ method: 'GET', url: '/api/attendance/summary?days=7', headers: auth(t.admin.token) });
      expect(res.statusCode).toBe(200);
      expect(res.json() as AttendanceSummaryDay[]).toEqual([
        { date: '2026-08-26', present: 0, absent: 1 },
        { date: '2026-08-27', present: 0, absent: 1 },
        { date: '2026-08-28', present: 0, absent: 0, dayOff: 'holiday' },
        { date: '2026-08-29', present: 0, absent: 1 },
        { date: '2026-08-30', present: 0, absent: 0, dayOff: 'weekly-off' },
        { date: '2026-08-31', present: 1, absent: 0 },
        { date: '2026-09-01', present: 0, absent: 1 },
      ]);
      // With Saturdays off too, the 29th is a weekly off as well.
      await t.app.inject({ method: 'PUT', url: '/api/leave-settings', headers: auth(t.admin.token), payload: { leaveYearStartMonth: 1, weeklyOff: { weekdays: [0, 6], saturdays: [] } } });
      const after = (await t.app.inject({ method: 'GET', url: '/api/attendance/summary?days=7', headers: auth(t.admin.token) })).json() as AttendanceSummaryDay[];
      expect(after[3]).toEqual({ date: '2026-08-29', present: 0, absent: 0, dayOff: 'weekly-off' });
    });

    it("marks records on a day off for both roles' lists, keeping their status; a new holiday is a new list answer", async () => {
      await record(alice.id, '2026-08-30', 'A');
      await record(alice.id, '2026-08-31', 'P');
      await record(alice.id, '2026-08-28', 'A');
      const url = '/api/attendance?startDate=2026-08-26&endDate=2026-09-01';
      const first = await t.app.inject({ method: 'GET', url, headers: auth(t.admin.token) });
      const byDate = (rows: AttendanceRecord[]) => Object.fromEntries(rows.map((r) => [r.date, [r.status, r.dayOff ?? null]]));
      expect(byDate(first.json())).toEqual({ '2026-08-28': ['A', null], '2026-08-30': ['A', 'weekly-off'], '2026-08-31': ['P', null] });

      await addHoliday('2026-08-28', 'Founders Day');
      const again = await t.app.inject({ method: 'GET', url, headers: { ...auth(t.admin.token), 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode).toBe(200);
      expect(byDate(again.json())).toEqual({ '2026-08-28': ['A', 'holiday'], '2026-08-30': ['A', 'weekly-off'], '2026-08-31': ['P', null] });

      const own = await t.app.inject({ method: 'GET', url: '/api/attendance/employee?startDate=2026-08-26&endDate=2026-09-01', headers: auth(alice.token) });
      expect(byDate(own.json())).toEqual({ '2026-08-28': ['A', 'holiday'], '2026-08-30': ['A', 'weekly-off'], '2026-08-31': ['P', null] });
    });
  });
});
