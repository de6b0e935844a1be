/**
 * The forms that mark their fields from the server's answer: a body with three bad fields is
 * answered 400 with all three in `fieldErrors` (each field's own words), and `msg` starts with the first one's.
 */
import { auth, createTestApp, engines, type TestApp, type TestEmployee } from './test/test-app';

describe.each(engines)('every bad field of a form body, at once, on %s', (engine) => {
  let t: TestApp;
  let alice: TestEmployee;
  beforeAll(async () => {
    t = await createTestApp(engine);
    alice = await t.employee({ name: 'Alice' });
  });
  afterAll(() => t.close());

  const cases: { form: string; method: 'POST' | 'PUT'; url: () => string; token: () => string; body: object; fields: string[] }[] = [
    {
      form: 'Request a Leave',
      method: 'POST',
      url: () => '/api/leave',
      token: () => alice.token,
      body: { startDate: '2026-13-01', endDate: 'soon', reason: 'x'.repeat(1001), dayPart: 'evening' },
      fields: ['startDate', 'endDate', 'reason', 'dayPart'],
    },
    {
      form: 'Request a correction',
      method: 'POST',
      url: () => '/api/attendance/corrections',
      token: () => alice.token,
      body: { date: 'yesterday', inTime: '25:00', outTime: '9am', kind: 'missed-punch-out', reason: 'forgot' },
      fields: ['date', 'inTime', 'outTime'],
    },
    {
      form: 'Company profile',
      method: 'PUT',
      url: () => '/api/company/profile',
      token: () => t.admin.token,
      body: { legalName: 'Acme', address: null, pfEstablishmentCode: 'PF', esiEmployerCode: '12', tan: 'TAN', timeZone: 'Asia/Kolkata', leaveYearStartMonth: 4 },
      fields: ['pfEstablishmentCode', 'esiEmployerCode', 'tan'],
    },
    {
      form: 'Leave type',
      method: 'POST',
      url: () => '/api/leave-types',
      token: () => t.admin.token,
      body: { name: '', yearlyEntitlement: -1, accrual: 'weekly', proRate: true, carryForwardCap: 0, halfDayAllowed: true, paid: true },
      fields: ['name', 'yearlyEntitlement', 'accrual'],
    },
    {
      form: 'Record an exit',
      method: 'POST',
      url: () => `/api/employees/${alice.id}/exit`,
      token: () => t.admin.token,
      body: { kind: 'resignation', noticeGivenOn: 'today', noticePeriodDays: -3, lastWorkingDay: '2026-02-30x', reason: 'Moving' },
      fields: ['noticeGivenOn', 'noticePeriodDays', 'lastWorkingDay'],
    },
    {
      form: 'Invite an admin',
      method: 'POST',
      url: () => '/api/admins',
      token: () => t.admin.token,
      body: { name: '', email: 'not-an-email' },
      fields: ['name', 'email'],
    },
  ];

  it.each(cases.map((c) => [c.form, c] as const))('%s', async (_form, c) => {
    const res = await t.app.inject({ method: c.method, url: c.url(), headers: auth(c.token()), payload: c.body });
    expect(res.statusCode).toBe(400);
    const { msg, fieldErrors } = res.json() as { msg: string; fieldErrors: Record<string, string> };
    expect(Object.keys(fieldErrors).sort()).toEqual([...c.fields].sort());
    for (const field of c.fields) expect(fieldErrors[field]).toMatch(new RegExp(field));
    // msg starts with the first field's words (the spec's screens show it as they always have).
    expect(msg.startsWith(Object.values(fieldErrors)[0]!)).toBe(true);
  });
});
