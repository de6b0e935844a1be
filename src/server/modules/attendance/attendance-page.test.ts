/**
 * GET /api/attendance/page: the Attendance screen's range narrowed and paged on the server. Pages
 * follow the spec's list order and add up to it; a person, present, absent (working days only),
 * late and left early are answered by the server; counts say how many match and how many there are.
 */
import type { AttendancePage, AttendanceRecord } from '../../../shared/schemas/attendance';
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';

/** An instant from a Kolkata wall-clock time. */
const ist = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`).toISOString();
const RANGE = 'startDate=2026-09-01&endDate=2026-09-10';

describe.each(engines)('the paged admin attendance list on %s', (engine) => {
  let t: TestApp;
  let amit: TestEmployee;
  let meera: TestEmployee;
  let zoe: TestEmployee;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { APP_TIMEZONE: 'Asia/Kolkata' } });
    zoe = await t.employee({ name: 'Zoe Fernandes', email: 'zoe@test.local' });
    amit = await t.employee({ name: 'Amit Shah', email: 'amit@test.local' });
    meera = await t.employee({ name: 'Meera Iyer', email: 'meera@test.local' });
    const day = (p: TestEmployee, date: string, status: string, inAt: string | null, outAt: string | null) => ({
      user_id: p.id,
      date,
      status,
      punch_in: inAt && ist(date, inAt),
      punch_out: outAt && ist(date, outAt),
    });
    await t.ctx.database.db
      .insertInto('attendance')
      .values([
        // Sunday 6 September, the weekly off: an A there is not an absence.
        day(zoe, '2026-09-06', 'A', null, null),
        // Monday 7: on time, late (shift 09:30, 15 minutes' grace), absent.
        day(amit, '2026-09-07', 'P', '09:00', '18:30'),
        day(meera, '2026-09-07', 'P', '10:00', '18:30'),
        day(zoe, '2026-09-07', 'A', null, null),
        // Tuesday 8: left early, and two full days.
        day(amit, '2026-09-08', 'P', '09:20', '17:00'),
        day(meera, '2026-09-08', 'P', '09:00', '18:45'),
        day(zoe, '2026-09-08', 'P', '09:00', '18:30'),
      ])
      .execute();
  });
  afterAll(() => t.close());

  const page = async (query: string) => {
    const res = await t.app.inject({ url: `/api/attendance/page?${query}`, headers: auth(t.admin.token) });
    expect(res.statusCode).toBe(200);
    return res.json() as AttendancePage;
  };
  const keys = (records: AttendanceRecord[]) => records.map((r) => `${r.date} ${r.email.split('@')[0]}`);

  it('pages the range in the list order, and the pages add up to the spec call', async () => {
    const spec = (await t.app.inject({ url: `/api/attendance?${RANGE}`, headers: auth(t.admin.token) })).json() as AttendanceRecord[];
    const first = await page(`${RANGE}&limit=3`);
    expect(first).toMatchObject({ startDate: '2026-09-01', endDate: '2026-09-10', offset: 0, total: 7, rangeTotal: 7 });
    expect(keys(first.records)).toEqual(['2026-09-08 amit', '2026-09-08 meera', '2026-09-08 zoe']);
    const second = await page(`${RANGE}&limit=3&offset=3`);
    expect(keys(second.records)).toEqual(['2026-09-07 amit', '2026-09-07 meera', '2026-09-07 zoe']);
    const last = await page(`${RANGE}&limit=3&offset=6`);
    expect(keys(last.records)).toEqual(['2026-09-06 zoe']);
    expect([...first.records, ...second.records, ...last.records]).toEqual(spec);
    expect((await page(`${RANGE}&offset=7`)).records).toEqual([]);
  });

  it('narrows to present, absent on working days, late and left early, timed against the shift', async () => {
    const present = await page(`${RANGE}&show=present`);
    expect([present.total, present.rangeTotal]).toEqual([5, 7]);
    expect(keys((await page(`${RANGE}&show=absent`)).records)).toEqual(['2026-09-07 zoe']);
    const late = await page(`${RANGE}&show=late`);
    expect(keys(late.records)).toEqual(['2026-09-07 meera']);
    expect(late.records[0]!.lateMinutes).toBe(30);
    expect(keys((await page(`${RANGE}&show=early`)).records)).toEqual(['2026-09-08 amit']);
    // Paging applies after the timing: the second late record of a page of one is none.
    expect(await page(`${RANGE}&show=late&limit=1&offset=1`)).toMatchObject({ total: 1, records: [] });
  });

  it('narrows to a person by a part of the name, email or employee ID, a typed % matching itself', async () => {
    expect(keys((await page(`${RANGE}&q=IYER`)).records)).toEqual(['2026-09-08 meera', '2026-09-07 meera']);
    expect((await page(`${RANGE}&q=${zoe.employeeId.toLowerCase()}`)).total).toBe(3);
    expect((await page(`${RANGE}&q=amit%40test`)).total).toBe(2);
    expect((await page(`${RANGE}&q=%25`)).total).toBe(0);
    const both = await page(`${RANGE}&q=zoe&show=present&limit=1`);
    expect([both.total, keys(both.records)]).toEqual([1, ['2026-09-08 zoe']]);
  });

  it('refuses a bad show, limit or range with 400 naming it, and is for admins only', async () => {
    const get = (query: string, token = t.admin.token) => t.app.inject({ url: `/api/attendance/page?${query}`, headers: auth(token) });
    expect((await get(`${RANGE}&show=sometimes`)).json().msg).toMatch(/show must be one of present, absent, late, early/);
    expect((await get(`${RANGE}&limit=501`)).json().msg).toMatch(/limit must be between 1 and 500/);
    expect((await get('startDate=2026-09-10&endDate=2026-09-01')).statusCode).toBe(400);
    expect((await get('startDate=2025-01-01&endDate=2026-09-01')).json().msg).toMatch(/366/);
    expect((await get(RANGE, amit.token)).statusCode).toBe(403);
  });
});
