import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse } from 'csv-parse/sync';
import { ATTENDANCE_MSG, SERVER_MSG } from '../../../shared/messages';
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from '../../test/test-app';
import { presenceDatesByUser, presenceDayCounts, presenceDays } from './attendance-repository';
import { shiftDate } from '../../../shared/format';

/** 11:30 in Asia/Kolkata (the harness's APP_TIMEZONE), so "today" is 2025-06-15 there and in UTC. */
const START = new Date('2025-06-15T06:00:00.000Z');
const TODAY = '2025-06-15';

/** The promise's value, or 'stalled' when it takes longer than ms. */
async function within<T>(ms: number, promise: Promise<T>): Promise<T | 'stalled'> {
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<'stalled'>((resolve) => (timer = setTimeout(() => resolve('stalled'), ms)));
  try {
    return await Promise.race([promise, stalled]);
  } finally {
    clearTimeout(timer);
  }
}

interface SeedRow {
  user_id: number;
  date: string;
  status?: string;
  punch_in?: string | null;
  punch_out?: string | null;
}

describe.each(engines)('attendance on %s', (engine) => {
  let t: TestApp;
  let clock: Date;

  beforeEach(async () => {
    clock = START;
    t = await createTestApp(engine, { overrides: { now: () => clock } });
  });
  afterEach(() => t.close());

  const punch = (kind: 'in' | 'out', token: string) =>
    t.app.inject({ method: 'POST', url: `/api/attendance/punch-${kind}`, headers: auth(token) });
  const get = (url: string, token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...auth(token), ...headers } });

  /** Bulk rows straight into the table, a few hundred per statement. */
  async function seed(rows: SeedRow[]) {
    const values = rows.map((r) => ({
      user_id: r.user_id,
      date: r.date,
      status: r.status ?? 'P',
      punch_in: r.punch_in === undefined ? `${r.date}T03:30:00.000Z` : r.punch_in,
      punch_out: r.punch_out === undefined ? `${r.date}T12:00:00.000Z` : r.punch_out,
    }));
    for (let i = 0; i < values.length; i += 500) {
      await t.ctx.database.db.insertInto('attendance').values(values.slice(i, i + 500)).execute();
    }
  }
  const rowCount = async () =>
    Number((await t.ctx.database.db.selectFrom('attendance').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  describe('punch in and out', () => {
    it("creates today's record once, stamped by the server clock", async () => {
      const e = await t.employee();
      const res = await punch('in', e.token);
      expect(res.statusCode).toBe(200);
      const { msg, record } = res.json();
      expect(msg).toBe(ATTENDANCE_MSG.punchedIn);
      expect(record).toEqual({
        _id: expect.stringMatching(/^\d+$/),
        employeeId: e.employeeId,
        email: e.email,
        name: expect.any(String),
        date: TODAY,
        status: 'P',
        punchIn: START.toISOString(),
        punchOut: null,
        source: 'web',
        // How it was punched: on the web, not checked against a site or an office network.
        punchMethod: 'web',
        verified: false,
      });

      const again = await punch('in', e.token);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ msg: 'Already punched in today' });
      expect(await rowCount()).toBe(1);

      clock = new Date(START.getTime() + 24 * 3600_000);
      const tomorrow = await punch('in', e.token);
      expect(tomorrow.statusCode).toBe(200);
      expect(tomorrow.json().record.date).toBe(shiftDate(TODAY, 1));
    });

    it('counts a punch at 20:00 UTC for the next day in Asia/Kolkata', async () => {
      clock = new Date('2025-06-15T20:00:00.000Z'); // 01:30 on the 16th in Kolkata
      const e = await t.employee();
      const res = await punch('in', e.token);
      expect(res.statusCode).toBe(200);
      expect(res.json().record).toMatchObject({ date: '2025-06-16', punchIn: '2025-06-15T20:00:00.000Z' });
    });

    it('punches out once, and only after punching in today', async () => {
      const e = await t.employee();
      const early = await punch('out', e.token);
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({ msg: ATTENDANCE_MSG.notPunchedIn });

      await punch('in', e.token);
      clock = new Date(START.getTime() + 8 * 3600_000);
      const out = await punch('out', e.token);
      expect(out.statusCode).toBe(200);
      expect(out.json()).toMatchObject({
        msg: ATTENDANCE_MSG.punchedOut,
        record: { date: TODAY, punchIn: START.toISOString(), punchOut: clock.toISOString() },
      });

      const again = await punch('out', e.token);
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ msg: ATTENDANCE_MSG.alreadyPunchedOut });

      // Yesterday's record does not count for today.
      clock = new Date(START.getTime() + 24 * 3600_000);
      expect((await punch('out', e.token)).json()).toEqual({ msg: ATTENDANCE_MSG.notPunchedIn });
    });

    it('turns simultaneous punch-ins into one record and simultaneous punch-outs into one stamp', async () => {
      const e = await t.employee();
      const ins = await Promise.all(Array.from({ length: 10 }, () => punch('in', e.token)));
      expect(ins.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
      expect(await rowCount()).toBe(1);

      const outs = await Promise.all(Array.from({ length: 10 }, () => punch('out', e.token)));
      expect(outs.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
      const ok = outs.find((r) => r.statusCode === 200)!.json();
      const [stored] = await t.ctx.database.db.selectFrom('attendance').selectAll().execute();
      expect(stored!.punch_out).toBe(ok.record.punchOut);
    });

    it('keeps concurrent punch-ins of different people apart', async () => {
      const people = await Promise.all(Array.from({ length: 5 }, () => t.employee()));
      const res = await Promise.all(people.flatMap((p) => [punch('in', p.token), punch('in', p.token)]));
      expect(res.filter((r) => r.statusCode === 200)).toHaveLength(5);
      expect(await rowCount()).toBe(5);
    });
  });

  describe('GET /employee', () => {
    it("lists only the caller's records, newest first, the last 366 days by default", async () => {
      const me = await t.employee();
      const other = await t.employee();
      await seed([
        { user_id: me.id, date: shiftDate(TODAY, -2) },
        { user_id: me.id, date: TODAY },
        { user_id: me.id, date: shiftDate(TODAY, -365) },
        { user_id: me.id, date: shiftDate(TODAY, -366) },
        { user_id: other.id, date: TODAY },
      ]);
      const res = await get('/api/attendance/employee', me.token);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.map((r: { date: string }) => r.date)).toEqual([TODAY, shiftDate(TODAY, -2), shiftDate(TODAY, -365)]);
      expect(body.every((r: { email: string }) => r.email === me.email)).toBe(true);

      const old = await get(`/api/attendance/employee?startDate=${shiftDate(TODAY, -400)}&endDate=${shiftDate(TODAY, -366)}`, me.token);
      expect(old.json().map((r: { date: string }) => r.date)).toEqual([shiftDate(TODAY, -366)]);
    });

    it('rejects bad ranges with 400', async () => {
      const me = await t.employee();
      const backwards = await get('/api/attendance/employee?startDate=2025-06-10&endDate=2025-06-01', me.token);
      expect(backwards.statusCode).toBe(400);
      expect(backwards.json()).toEqual({ msg: ATTENDANCE_MSG.startAfterEnd });
      const malformed = await get('/api/attendance/employee?startDate=June', me.token);
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().msg).toMatch(/startDate/);
    });
  });

  describe('GET / (admin)', () => {
    async function threePeople() {
      const c = await t.employee({ email: 'carol@test.local' });
      const a = await t.employee({ email: 'alice@test.local' });
      const b = await t.employee({ email: 'bob@test.local' });
      return { a, b, c };
    }
    const list = async (query = '') => {
      const res = await get(`/api/attendance${query}`, t.admin.token);
      expect(res.statusCode).toBe(200);
      return res.json() as { email: string; date: string }[];
    };

    it('answers the last 30 days without filters, sorted by date desc then email', async () => {
      const { a, b, c } = await threePeople();
      await seed([
        { user_id: c.id, date: TODAY },
        { user_id: a.id, date: TODAY },
        { user_id: b.id, date: shiftDate(TODAY, -29) },
        { user_id: a.id, date: shiftDate(TODAY, -29) },
        { user_id: b.id, date: shiftDate(TODAY, -30) },
      ]);
      const rows = await list();
      expect(rows.map((r) => [r.date, r.email])).toEqual([
        [TODAY, 'alice@test.local'],
        [TODAY, 'carol@test.local'],
        [shiftDate(TODAY, -29), 'alice@test.local'],
        [shiftDate(TODAY, -29), 'bob@test.local'],
      ]);
      expect(rows[0]).toEqual(expect.objectContaining({ employeeId: a.employeeId, status: 'P', punchIn: `${TODAY}T03:30:00.000Z` }));
    });

    it('filters by one date, or by a range with either end defaulted', async () => {
      const { a, b } = await threePeople();
      const days = [0, -1, -2, -40].map((n) => shiftDate(TODAY, n));
      await seed(days.flatMap((date) => [{ user_id: a.id, date }, { user_id: b.id, date }]));

      const oneDay = await list(`?date=${days[1]}`);
      expect(oneDay.map((r) => [r.date, r.email])).toEqual([
        [days[1], 'alice@test.local'],
        [days[1], 'bob@test.local'],
      ]);
      expect((await list(`?startDate=${days[2]}&endDate=${days[1]}`)).map((r) => r.date)).toEqual([days[1], days[1], days[2], days[2]]);
      // A start alone runs to today; an end alone reaches 30 days back from it.
      expect((await list(`?startDate=${days[1]}`)).map((r) => r.date)).toEqual([days[0], days[0], days[1], days[1]]);
      expect((await list(`?endDate=${days[3]}`)).map((r) => r.date)).toEqual([days[3], days[3]]);
      expect(await list('?date=2020-01-01')).toEqual([]);
    });

    it('rejects malformed dates, backwards ranges and date mixed with a range', async () => {
      const bad = async (query: string) => {
        const res = await get(`/api/attendance${query}`, t.admin.token);
        expect(res.statusCode).toBe(400);
        return res.json().msg as string;
      };
      expect(await bad('?date=15-06-2025')).toMatch(/date/);
      expect(await bad('?date=2025-02-30')).toMatch(/date/);
      expect(await bad('?endDate=yesterday')).toMatch(/endDate/);
      expect(await bad('?startDate=2025-06-10&endDate=2025-06-01')).toBe(ATTENDANCE_MSG.startAfterEnd);
      expect(await bad('?date=2025-06-10&startDate=2025-06-01')).toBe(ATTENDANCE_MSG.dateWithRange);
    });

    it('sends an ETag, answers 304 while nothing changed, and a new one after a punch', async () => {
      const e1 = await t.employee();
      const e2 = await t.employee();
      await punch('in', e1.token);
      const url = `/api/attendance?date=${TODAY}`;

      const first = await get(url, t.admin.token);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^".+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');

      const same = await get(url, t.admin.token, { 'if-none-match': etag });
      expect(same.statusCode).toBe(304);
      expect(same.body).toBe('');
      expect((await get(url, t.admin.token, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);

      await punch('in', e2.token);
      const afterIn = await get(url, t.admin.token, { 'if-none-match': etag });
      expect(afterIn.statusCode).toBe(200);
      expect(afterIn.json()).toHaveLength(2);
      expect(afterIn.headers.etag).not.toBe(etag);

      await punch('out', e2.token);
      const afterOut = await get(url, t.admin.token, { 'if-none-match': afterIn.headers.etag as string });
      expect(afterOut.statusCode).toBe(200);
      expect(afterOut.headers.etag).not.toBe(afterIn.headers.etag);
      // Answers are kept per tag: the new tag's answer holds the punch-out, not the older answer.
      expect(afterOut.json().find((r: { email: string }) => r.email === e2.email).punchOut).toBeTruthy();
      expect((await get(url, t.admin.token)).body).toBe(afterOut.body);
      expect((await get(url, t.admin.token, { 'if-none-match': afterOut.headers.etag as string })).statusCode).toBe(304);

      // An employee's new email shows in the list, so it must change the tag too.
      await t.ctx.database.db
        .updateTable('users')
        .set({ email: 'renamed@test.local', updated_at: new Date().toISOString() })
        .where('id', '=', e1.id)
        .execute();
      const afterRename = await get(url, t.admin.token, { 'if-none-match': afterOut.headers.etag as string });
      expect(afterRename.statusCode).toBe(200);
      expect(afterRename.json().map((r: { email: string }) => r.email)).toContain('renamed@test.local');

      // Each range has its own tag.
      expect((await get(`/api/attendance?date=${shiftDate(TODAY, -1)}`, t.admin.token, { 'if-none-match': afterRename.headers.etag as string })).statusCode).toBe(200);
    });
  });

  describe('GET /summary', () => {
    it('counts present (P or H) and absent per day from the active workforce of that day', async () => {
      // 15 June 2025 is a Sunday, the default weekly off; with none, every day counts its absentees
      // (days off in the chart: leave-policy/holiday-calendar.test.ts).
      const noWeeklyOff = { leaveYearStartMonth: 1, weeklyOff: { weekdays: [], saturdays: [] } };
      expect((await t.app.inject({ method: 'PUT', url: '/api/leave-settings', headers: { 'x-auth-token': t.admin.token }, payload: noWeeklyOff })).statusCode).toBe(200);
      const a = await t.employee({ joinedOn: '2024-01-01' });
      const b = await t.employee({ joinedOn: '2024-01-01' });
      const late = await t.employee({ joinedOn: shiftDate(TODAY, -1) });
      const gone = await t.employee({ joinedOn: '2024-01-01' });
      await t.ctx.database.db.updateTable('users').set({ active: 0 }).where('id', '=', gone.id).execute();
      await seed([
        { user_id: a.id, date: TODAY },
        { user_id: late.id, date: TODAY, status: 'H' },
        { user_id: gone.id, date: TODAY },
        { user_id: a.id, date: shiftDate(TODAY, -1), status: 'A' },
        { user_id: b.id, date: shiftDate(TODAY, -2) },
        { user_id: b.id, date: shiftDate(TODAY, -3) },
      ]);
      const res = await get('/api/attendance/summary?days=3', t.admin.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        { date: shiftDate(TODAY, -2), present: 1, absent: 1 },
        { date: shiftDate(TODAY, -1), present: 0, absent: 3 },
        { date: TODAY, present: 2, absent: 1 },
      ]);
    });

    it('defaults to 30 days and validates days', async () => {
      const res = await get('/api/attendance/summary', t.admin.token);
      expect(res.json()).toHaveLength(30);
      // A Sunday: the weekly off, so nobody is absent.
      expect(res.json().at(-1)).toEqual({ date: TODAY, present: 0, absent: 0, dayOff: 'weekly-off' });
      for (const days of ['0', '367', 'ten', '1.5']) {
        const bad = await get(`/api/attendance/summary?days=${days}`, t.admin.token);
        expect(bad.statusCode).toBe(400);
        expect(bad.json().msg).toMatch(/days/);
      }
    });
  });

  describe('GET /download', () => {
    const download = (query = '', token = t.admin.token) => get(`/api/attendance/download${query}`, token);
    const csv = (body: string) => parse(body, { bom: true }) as string[][];

    it('streams every record as CSV with hours, named attendance.csv', async () => {
      const e = await t.employee({ name: 'Asha Rao', email: 'asha@test.local' });
      await seed([
        { user_id: e.id, date: '2025-06-01', punch_in: '2025-06-01T03:30:00.000Z', punch_out: '2025-06-01T12:15:00.000Z' },
        { user_id: e.id, date: '2025-06-02', punch_in: '2025-06-02T03:30:00.000Z', punch_out: null },
        { user_id: e.id, date: '2025-06-03', status: 'A', punch_in: null, punch_out: null },
      ]);
      const res = await download();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="attendance.csv"');
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf])); // UTF-8 BOM, for Excel
      expect(csv(res.body)).toEqual([
        // Punch times on the company's clock (Asia/Kolkata, UTC+5:30), the zone named in the header.
        ['Employee ID', 'Name', 'Email', 'Date', 'Status', 'Punch In (Asia/Kolkata)', 'Punch Out (Asia/Kolkata)', 'Hours'],
        [e.employeeId, 'Asha Rao', 'asha@test.local', '2025-06-01', 'P', '2025-06-01 09:00', '2025-06-01 17:45', '8.75'],
        [e.employeeId, 'Asha Rao', 'asha@test.local', '2025-06-02', 'P', '2025-06-02 09:00', '', ''],
        [e.employeeId, 'Asha Rao', 'asha@test.local', '2025-06-03', 'A', '', '', ''],
      ]);
    });

    it('limits to a range and names the file after it', async () => {
      const e = await t.employee();
      await seed(['2025-05-31', '2025-06-01', '2025-06-02', '2025-06-03'].map((date) => ({ user_id: e.id, date })));
      const res = await download('?startDate=2025-06-01&endDate=2025-06-02');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="attendance_2025-06-01_2025-06-02.csv"');
      expect(csv(res.body).slice(1).map((r) => r[3])).toEqual(['2025-06-01', '2025-06-02']);
      const empty = await download('?startDate=2020-01-01&endDate=2020-01-31');
      expect(csv(empty.body)).toEqual([['Employee ID', 'Name', 'Email', 'Date', 'Status', 'Punch In (Asia/Kolkata)', 'Punch Out (Asia/Kolkata)', 'Hours']]);
    });

    it('escapes cells that a spreadsheet would run as formulas', async () => {
      const evil = await t.employee({ name: '=HYPERLINK("http://evil.example","click")', email: '-x@test.local' });
      const tab = await t.employee({ name: '\tTabbed', email: 'plus@test.local' });
      await seed([
        { user_id: evil.id, date: '2025-06-01' },
        { user_id: tab.id, date: '2025-06-01', status: '@SUM(A1)' },
      ]);
      const rows = csv((await download()).body).slice(1);
      expect(rows[0]!.slice(1, 3)).toEqual([`'=HYPERLINK("http://evil.example","click")`, "'-x@test.local"]);
      // A tab becomes a space (one line per record), which no spreadsheet reads as a formula.
      expect(rows[1]!.slice(1, 5)).toEqual([' Tabbed', 'plus@test.local', '2025-06-01', "'@SUM(A1)"]);
    });

    it('rejects one date alone, malformed dates and backwards ranges with 400 {msg}', async () => {
      const cases: [string, RegExp | string][] = [
        ['?startDate=2025-06-01', ATTENDANCE_MSG.bothDatesRequired],
        ['?endDate=2025-06-01', ATTENDANCE_MSG.bothDatesRequired],
        ['?startDate=2025-06-10&endDate=2025-06-01', ATTENDANCE_MSG.startAfterEnd],
        ['?startDate=2025-13-01&endDate=2025-12-31', /startDate/],
        ['?startDate=2025-06-01&endDate=tomorrow', /endDate/],
      ];
      for (const [query, msg] of cases) {
        const res = await download(query);
        expect(res.statusCode).toBe(400);
        if (typeof msg === 'string') expect(res.json()).toEqual({ msg });
        else expect(res.json().msg).toMatch(msg);
      }
    });

    it('streams thousands of rows in (date, employee) order', async () => {
      // One after another, so account order (the index's order within a day) is employee-id order.
      const people: TestEmployee[] = [];
      for (let i = 0; i < 10; i++) people.push(await t.employee());
      const days = Array.from({ length: 300 }, (_, i) => shiftDate('2024-01-01', i));
      await seed(days.flatMap((date) => people.map((p) => ({ user_id: p.id, date }))));
      const rows = csv((await download()).body).slice(1);
      expect(rows).toHaveLength(3000);
      const keys = rows.map((r) => `${r[3]} ${r[0]}`);
      expect(keys).toEqual([...keys].sort());
    });

    it('keeps serving other requests while slow clients hold downloads open, and caps open downloads at two', async () => {
      // ~6 MB of CSV: more than the socket buffers between server and client can hold.
      const people = await Promise.all(Array.from({ length: 25 }, () => t.employee()));
      const days = Array.from({ length: 2000 }, (_, i) => shiftDate('2019-01-01', i));
      await seed(days.flatMap((date) => people.map((p) => ({ user_id: p.id, date }))));
      const e = await t.employee();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;

      // Read the first chunk, then stop reading: the stream is left mid-flight with its cursor open.
      const stalledDownload = async () => {
        const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
          http.get({ port, host: '127.0.0.1', path: '/api/attendance/download', headers: auth(t.admin.token) }, resolve).on('error', reject);
        });
        expect(res.statusCode).toBe(200);
        await new Promise((resolve) => res.once('data', resolve));
        res.pause();
        return res;
      };
      const open = [await stalledDownload()];
      try {
        // Were the export to hold the app's only database connection, these would wait for the
        // download, for ever: the bound only has to be finite, and is generous for a busy machine.
        const punched = await within(20_000, punch('in', e.token));
        expect(punched === 'stalled' ? punched : punched.statusCode).toBe(200);
        const today = await within(20_000, get(`/api/attendance?date=${TODAY}`, t.admin.token));
        expect(today === 'stalled' ? today : today.json()).toHaveLength(1);

        open.push(await stalledDownload());
        const third = await get('/api/attendance/download', t.admin.token);
        expect(third.statusCode).toBe(429);
        expect(third.json()).toEqual({ msg: ATTENDANCE_MSG.exportsBusy });

        // A client that goes away gives its slot back.
        open.shift()!.destroy();
        let retry = third;
        for (let i = 0; i < 50 && retry.statusCode === 429; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          retry = await get('/api/attendance/download?startDate=2019-01-01&endDate=2019-01-01', t.admin.token);
        }
        expect(retry.statusCode).toBe(200);
        expect(csv(retry.body)).toHaveLength(26);
      } finally {
        for (const res of open) res.destroy();
      }
      // 50,000 rows seeded and a 6 MB export: well past jest's default on a loaded 2-core machine.
    }, 120_000);
  });

  describe('roles', () => {
    let e: TestEmployee;
    beforeEach(async () => {
      e = await t.employee();
    });

    it.each(['/api/attendance', '/api/attendance/summary', '/api/attendance/download'])('refuses employees on GET %s', async (url) => {
      const res = await get(url, e.token);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ msg: SERVER_MSG.forbidden });
    });

    it('keeps admins off the employee routes and everyone without a token out', async () => {
      expect((await punch('in', t.admin.token)).statusCode).toBe(403);
      expect((await punch('out', t.admin.token)).statusCode).toBe(403);
      expect((await get('/api/attendance/employee', t.admin.token)).statusCode).toBe(403);
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/attendance/punch-in' });
      expect(anonymous.statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/attendance/download' })).statusCode).toBe(401);
    });
  });

  describe('repository (reused by payroll)', () => {
    it('finds presence days per person and per range, counting P and H only', async () => {
      const a = await t.employee();
      const b = await t.employee();
      await seed([
        { user_id: a.id, date: '2025-05-31' },
        { user_id: a.id, date: '2025-06-01' },
        { user_id: a.id, date: '2025-06-02', status: 'H' },
        { user_id: a.id, date: '2025-06-03', status: 'A' },
        { user_id: a.id, date: '2025-07-01' },
        { user_id: b.id, date: '2025-06-05' },
      ]);
      const { db } = t.ctx.database;
      const june = { from: '2025-06-01', to: '2025-06-30' };
      expect(await presenceDays(db, a.id, june)).toEqual(['2025-06-01', '2025-06-02']);
      expect(await presenceDays(db, b.id, { from: '2025-06-06', to: '2025-06-30' })).toEqual([]);
      expect(await presenceDayCounts(db, june)).toEqual(new Map([[a.id, 2], [b.id, 1]]));
      // Many users at once, in chunks: b sits past the first 1,000 ids; ids without presence are absent.
      const many = [a.id, ...Array.from({ length: 1100 }, (_, i) => 1_000_000 + i), b.id];
      const byUser = await presenceDatesByUser(db, june, many);
      expect([...byUser.keys()].sort((x, y) => x - y)).toEqual([a.id, b.id]);
      expect([...byUser.get(a.id)!]).toEqual(['2025-06-01', '2025-06-02']);
      expect([...byUser.get(b.id)!]).toEqual(['2025-06-05']);
      expect(await presenceDatesByUser(db, june, [])).toEqual(new Map());
    });
  });
});
