/**
 * The admin attendance list past the size it keeps whole: streamed a day at a time, it must be the
 * same JSON, in the same order, as the kept answer, plain or compressed, with the same ETag rules.
 * The threshold is lowered to a few rows here; at full size it is ATTENDANCE_LIST_CACHED_ROWS.
 */
import zlib from 'node:zlib';

jest.mock('../../../shared/constants', () => ({ ...jest.requireActual('../../../shared/constants'), ATTENDANCE_LIST_CACHED_ROWS: 3 }));

import { auth, createTestApp, engines, type TestApp } from '../../test/test-app';

describe.each(engines)('the streamed admin attendance list on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('streams a large answer day by day, newest first and by email, as the kept answer would be', async () => {
    const people = [await t.employee({ email: 'zoe@test.local' }), await t.employee({ email: 'amit@test.local' }), await t.employee({ email: 'meera@test.local' })];
    const days = ['2026-01-05', '2026-01-06', '2026-03-10'];
    for (const p of people) {
      for (const date of days) {
        await t.ctx.database.db.insertInto('attendance').values({ user_id: p.id, date, status: 'P', punch_in: `${date}T03:30:00.000Z`, punch_out: `${date}T12:30:00.000Z` }).execute();
      }
    }
    const url = '/api/attendance?startDate=2025-04-01&endDate=2026-03-31';
    const plain = await t.app.inject({ url, headers: { ...auth(t.admin.token), 'accept-encoding': 'identity' } });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    const rows = plain.json() as { date: string; email: string; _id: string }[];
    expect(rows.map((r) => `${r.date} ${r.email}`)).toEqual(
      ['2026-03-10', '2026-01-06', '2026-01-05'].flatMap((d) => ['amit@test.local', 'meera@test.local', 'zoe@test.local'].map((e) => `${d} ${e}`)),
    );
    const gz = await t.app.inject({ url, headers: { ...auth(t.admin.token), 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(rows);
    const br = await t.app.inject({ url, headers: { ...auth(t.admin.token), 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(rows);
    // Unchanged: 304 without a body; an empty range is an empty list.
    const again = await t.app.inject({ url, headers: { ...auth(t.admin.token), 'if-none-match': plain.headers.etag as string } });
    expect([again.statusCode, again.body]).toEqual([304, '']);
    const kept = await t.app.inject({ url: '/api/attendance?startDate=2026-03-10&endDate=2026-03-10', headers: auth(t.admin.token) });
    expect(kept.json()).toEqual(rows.slice(0, 3));
    expect((await t.app.inject({ url: '/api/attendance?startDate=2024-01-01&endDate=2024-12-31', headers: auth(t.admin.token) })).json()).toEqual([]);
  });
});
