/**
 * The PDF renderer fetches no URL and reads no file a user names. The company's name and address,
 * a person's position and an exit's reason are set to a URL of a listening server and to file paths;
 * the slip, the full-and-final statement and the tax statement print them as text, and nothing asks
 * that server for anything or opens those files. The renderer's only inputs from outside the request
 * are its bundled fonts and the logo's stored bytes (never a path).
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pdfText } from '../test/pdf-text';
import { approveQuietly, seedAttendance, TEST_NOW } from '../test/salary-test-helpers';
import { auth, createTestApp, type TestApp } from '../test/test-app';

describe('the PDF renderer', () => {
  let t: TestApp;
  let server: http.Server;
  let hits: string[];
  let url: string;
  let opened: string[];

  beforeAll(async () => {
    hits = [];
    server = http.createServer((req, res) => {
      hits.push(String(req.url));
      res.end('%PDF-');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/logo.png`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  beforeEach(async () => {
    t = await createTestApp('sqlite', { overrides: { now: () => TEST_NOW } });
    opened = [];
    const record = (path: unknown) => {
      if (typeof path === 'string' || path instanceof URL) opened.push(String(path));
    };
    for (const name of ['openSync', 'readFileSync', 'createReadStream', 'open', 'readFile'] as const) {
      const original = fs[name] as (...args: unknown[]) => unknown;
      jest.spyOn(fs, name).mockImplementation(((...args: unknown[]) => {
        record(args[0]);
        return original.apply(fs, args);
      }) as never);
    }
    const original = fs.promises.open;
    jest.spyOn(fs.promises, 'open').mockImplementation((...args: Parameters<typeof fs.promises.open>) => {
      record(args[0]);
      return original(...args);
    });
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, token = t.admin.token) => t.app.inject({ method, url: path, headers: auth(token), ...(payload ? { payload } : {}) });
  const named = () => [...opened.filter((p) => /passwd|hostname|logo\.png/.test(p)), ...hits];

  it('prints URLs and paths from every field as text, and fetches or opens none of them', async () => {
    const company = await call('PUT', '/api/company/profile', { legalName: `Acme ${url}`, address: '/etc/passwd ../../../../etc/hostname file:///etc/passwd' });
    expect(company.statusCode).toBe(200);
    const ravi = await t.employee({ name: 'Ravi Kumar', email: 'ravi@test.local', salaryPaise: 60_000_00, joinedOn: '2021-04-15' });
    const edit = await call('PUT', `/api/employee/edit/${ravi.id}`, { name: 'Ravi Kumar', email: ravi.email, position: `file:///etc/passwd ${url}`, statutory: { pan: 'BCDEK5678F', stateOfWork: 'KA', bankAccount: '50100123456789', ifsc: 'HDFC0001234' } });
    expect(edit.statusCode).toBe(200);
    await seedAttendance(t, ravi.id, '2026-10');
    await approveQuietly(t, '2026-10');

    const slip = await call('GET', `/api/salary/slip/${ravi.employeeId}/2026-10?format=pdf`);
    expect(slip.statusCode).toBe(200);
    const slipText = (await pdfText(slip.rawPayload)).text.replace(/\s+/g, ' ');
    expect(slipText).toContain('/etc/passwd');

    const statement = await call('GET', `/api/tax/statement/${ravi.employeeId}/2026-27`);
    expect(statement.statusCode).toBe(200);

    const exit = await call('POST', `/api/employees/${ravi.id}/exit`, { kind: 'resignation', noticeGivenOn: '2026-10-26', noticePeriodDays: 0, lastWorkingDay: '2026-10-31', reason: `See ${url} and /etc/passwd` });
    expect(exit.statusCode).toBe(200);
    expect((await call('POST', `/api/employees/${ravi.id}/final-settlement/approve`)).statusCode).toBe(200);
    const settlement = await call('GET', `/api/employees/${ravi.id}/final-settlement/pdf`);
    expect(settlement.statusCode).toBe(200);
    expect((await pdfText(settlement.rawPayload)).text.replace(/\s+/g, ' ')).toContain('Acme http://127.0.0.1');

    // Each renderer ran (the fonts were read), and none of the named things was touched.
    expect(opened.some((p) => /\.(ttf|otf|afm)$/i.test(p))).toBe(true);
    expect(named()).toEqual([]);
  });
});
