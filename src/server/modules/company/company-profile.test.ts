/**
 * The company profile through app.inject on a real database: the environment's defaults until it is
 * saved, every bad field named in one 400, the name and zone applied at once, the logo checked by
 * its content (a renamed SVG, a damaged chunk, a decompression bomb, an oversized file refused), and
 * the slip printing the legal name, address and logo on one A4 page.
 */
import { deflateSync } from 'node:zlib';
import { pdfText } from '../../test/pdf-text';
import { makePng, pngChunk, pngHeader, PNG_SIGNATURE, sampleLogo } from '../../test/png-fixture';
import { approveQuietly, seedAttendance, TEST_NOW } from '../../test/salary-test-helpers';
import { auth, createTestApp, engines, type TestApp } from '../../test/test-app';
import { multipart } from '../../test/multipart';

const PROFILE = {
  legalName: 'Acme Analytics India Private Limited',
  address: '4th Floor, Prestige Tech Park\n  Outer Ring Road, Marathahalli  \n\nBengaluru 560103, Karnataka',
  pfEstablishmentCode: 'KN/BNG/0012345/000',
  esiEmployerCode: '53000123450000999',
  tan: 'blra12345b',
  timeZone: 'Asia/Kolkata',
  leaveYearStartMonth: 4,
};

describe.each(engines)('company profile on %s', (engine) => {
  let t: TestApp;
  const get = (url: string, token = t.admin.token) => t.app.inject({ method: 'GET', url, headers: auth(token) });
  const put = (url: string, payload: object, token = t.admin.token) => t.app.inject({ method: 'PUT', url, headers: auth(token), payload });
  const upload = (content: Buffer, filename = 'logo.png', contentType = 'image/png') => {
    const body = multipart([{ name: 'file', filename, content, contentType }]);
    return t.app.inject({ method: 'PUT', url: '/api/company/logo', headers: { ...auth(t.admin.token), ...body.headers }, payload: body.payload });
  };

  beforeEach(async () => {
    t = await createTestApp(engine, { overrides: { now: () => TEST_NOW }, env: { COMPANY_NAME: 'Acme From Env', APP_TIMEZONE: 'UTC' } });
  });
  afterEach(() => t.close());

  it('answers the environment defaults until saved, then the saved profile, normalised; applied at once and audited', async () => {
    expect((await get('/api/company/profile')).json()).toMatchObject({ legalName: 'Acme From Env', timeZone: 'UTC', address: null, tan: null, financialYear: 'April to March', leaveYearStartMonth: 1, saved: false, logo: null });
    const saved = await put('/api/company/profile', PROFILE);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      legalName: 'Acme Analytics India Private Limited',
      address: '4th Floor, Prestige Tech Park\nOuter Ring Road, Marathahalli\nBengaluru 560103, Karnataka',
      pfEstablishmentCode: 'KNBNG0012345000',
      esiEmployerCode: '53000123450000999',
      tan: 'BLRA12345B',
      timeZone: 'Asia/Kolkata',
      leaveYearStartMonth: 4,
      saved: true,
    });
    // The rest of the server reads the name and zone from here, and Leave settings shares the leave year.
    expect(t.ctx.config.companyName).toBe('Acme Analytics India Private Limited');
    expect(t.ctx.config.timeZone).toBe('Asia/Kolkata');
    expect((await get('/api/leave-settings')).json().leaveYearStartMonth).toBe(4);
    // A field left out keeps its value; null clears an optional one.
    expect((await put('/api/company/profile', { tan: null })).json()).toMatchObject({ tan: null, legalName: PROFILE.legalName, esiEmployerCode: PROFILE.esiEmployerCode });
    const audit = await t.ctx.database.db.selectFrom('audit_log').select('action').where('action', 'in', ['company-profile.update', 'leave-settings.update']).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['company-profile.update', 'company-profile.update', 'leave-settings.update']);
  });

  it('names every bad field in one 400 and changes nothing; employees are refused', async () => {
    const bad = await put('/api/company/profile', { legalName: 'Acme\u0007 Ltd', pfEstablishmentCode: '12345', esiEmployerCode: '5300012345', tan: 'ABC123', timeZone: 'Mars/Olympus', address: 'a\nb\nc\nd\ne', leaveYearStartMonth: 7 });
    expect(bad.statusCode).toBe(400);
    for (const field of ['legalName', 'pfEstablishmentCode', 'esiEmployerCode', 'tan', 'timeZone', 'address', 'leaveYearStartMonth']) expect(bad.json().msg).toContain(field);
    expect((await get('/api/company/profile')).json().saved).toBe(false);
    const employee = await t.employee({ name: 'Navya Bose', email: 'navya@test.local' });
    expect((await get('/api/company/profile', employee.token)).statusCode).toBe(403);
    expect((await put('/api/company/profile', PROFILE, employee.token)).statusCode).toBe(403);
  });

  it('stores a PNG logo checked by its content, gives the same bytes back, and refuses what is not a printable PNG or JPEG', async () => {
    const logo = sampleLogo();
    const ok = await upload(logo);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().logo).toMatchObject({ contentType: 'image/png', sizeBytes: logo.length });
    const back = await get('/api/company/logo');
    expect(back.headers['content-type']).toBe('image/png');
    expect(back.rawPayload.equals(logo)).toBe(true);

    const refused = async (content: Buffer, status: number, msg: RegExp, filename = 'logo.png') => {
      const res = await upload(content, filename);
      expect({ status: res.statusCode, msg: res.json().msg }).toEqual({ status, msg: expect.stringMatching(msg) });
    };
    await refused(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 400, /neither/, 'logo.png');
    const damaged = Buffer.from(logo);
    damaged[20] ^= 0xff;
    await refused(damaged, 400, /damaged/);
    // A 10 × 10 header whose data inflates to megabytes: stopped at the size the header allows.
    const bomb = Buffer.concat([PNG_SIGNATURE, pngHeader(10, 10), pngChunk('IDAT', deflateSync(Buffer.alloc(8 * 1024 * 1024))), pngChunk('IEND', Buffer.alloc(0))]);
    await refused(bomb, 400, /does not decompress/);
    await refused(makePng(2400, 10, () => [0, 0, 0, 255]), 400, /2400 × 10 pixels/);
    await refused(Buffer.concat([logo.subarray(0, 33), Buffer.alloc(600 * 1024)]), 413, /at most 512 KB/);
    await refused(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), 400, /JPEG/, 'logo.jpg');
    // The stored logo is still the first one.
    expect((await get('/api/company/logo')).rawPayload.equals(logo)).toBe(true);

    expect((await t.app.inject({ method: 'DELETE', url: '/api/company/logo', headers: auth(t.admin.token) })).statusCode).toBe(200);
    expect((await get('/api/company/logo')).statusCode).toBe(404);
  });

  it('prints the legal name, the address and the logo on the slip, one A4 page; the xlsx carries the address', async () => {
    await put('/api/company/profile', PROFILE);
    expect((await upload(sampleLogo())).statusCode).toBe(200);
    const e = await t.employee({ name: 'Priya Raman', email: 'priya@test.local', salaryPaise: 50_000_00, joinedOn: '2025-04-01' });
    await seedAttendance(t, e.id, '2026-10');
    await approveQuietly(t, '2026-10');
    const pdf = await get(`/api/salary/slip/${e.employeeId}/2026-10?format=pdf`, e.token);
    expect(pdf.statusCode).toBe(200);
    const { total, text } = await pdfText(pdf.rawPayload);
    expect(total).toBe(1);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('Acme Analytics India Private Limited');
    // Two centred rows under the name.
    expect(flat).toContain('4th Floor, Prestige Tech Park, Outer Ring Road, Marathahalli Bengaluru 560103, Karnataka');
    // The logo is an image with a soft mask (its transparency) in the file.
    const raw = pdf.rawPayload.toString('latin1');
    expect(raw).toMatch(/\/Subtype \/Image/);
    expect(raw).toMatch(/\/SMask \d+ 0 R/);
    const xlsx = await get(`/api/salary/slip/${e.employeeId}/2026-10`, e.token);
    const { readSlip } = await import('../../test/salary-test-helpers');
    const sheet = await readSlip(xlsx.rawPayload);
    expect(sheet.company).toBe('Acme Analytics India Private Limited');
    expect(sheet.values.get('Company Address')).toBe('4th Floor, Prestige Tech Park, Outer Ring Road, Marathahalli, Bengaluru 560103, Karnataka');
    // The mail that carries the slip names the company too.
    const mail = await t.app.inject({ method: 'POST', url: '/api/salary/email', headers: auth(t.admin.token), payload: { employeeId: e.employeeId, month: 10, year: 2026 } });
    expect(mail.statusCode).toBe(200);
    expect(t.mailer.sent.map((m) => m.subject)).toContain('Acme Analytics India Private Limited: salary slip for October 2026');
  });
});
