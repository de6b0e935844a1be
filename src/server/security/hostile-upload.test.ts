/**
 * Hostile CSV uploads, property-based: shuffled and hostile headers, cells with quotes, newlines,
 * formula prefixes and odd unicode, other encodings, binary data named .csv, odd file names and
 * content types, broken multipart. Same invariants as hostile-input.test.ts (no 5xx, `{msg}` on 4xx,
 * a refused upload changes nothing). Then the size limits over a real socket: a 50 MB upload and a
 * 50 MB JSON body are cut off with 413 and the server keeps answering.
 *
 * Runs: the property (a sample in `npm test`, the full count in `npm run test:fuzz`: fuzz-runs.ts)
 * and the fixed cases on both engines;
 * the 50 MB streams on SQLite only (they test the HTTP layer, which does not depend on the engine).
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { CSV_MAX_BYTES } from '../../shared/constants';
import { EMPLOYEE_MSG } from '../modules/employee-records';
import { BOUNDARY, multipart, type Part } from '../test/multipart';
import { auth, createTestApp, engines, type TestApp } from '../test/test-app';
import { fuzzRuns } from '../test/fuzz-runs';
import { hostileString, ODD_UNICODE, PATH_LIKE } from '../test/hostile-values';
import { createProber, dbFingerprint } from '../test/security-fixtures';

jest.setTimeout(120_000);

const FIELDS = ['name', 'email', 'position', 'salary', 'employeeId', 'joiningDate'];

/** A cell: a plausible value for its column, or something hostile. */
const cellFor = (column: string): fc.Arbitrary<string> => {
  const plausible: Record<string, fc.Arbitrary<string>> = {
    name: fc.constantFrom('Asha Rao', 'Jo', '=cmd|/C calc!A0', '+SUM(1)', '@foo', '-2+3', '\tTab', 'Doe, John', 'Ünïcødé Ñame'),
    email: fc.constantFrom('up.{{n}}@security.test', 'up.{{n}}.b@security.test', 'not-an-email', 'ADMIN@TEST.LOCAL', ''),
    position: fc.constantFrom('Engineer', 'Lead, Ops', '"Quoted"', ''),
    salary: fc.constantFrom('50000', '0.5', '-1', '1e309', 'NaN', '12,000', '100000001', '1.005', ''),
    employeeId: fc.constantFrom('EMP0001', 'EMP9999', 'emp42', 'X1', ''),
    joiningDate: fc.constantFrom('2024-01-01', '2025-02-30', '2099-01-01', ''),
  };
  // Object.hasOwn: a hostile header such as 'constructor' must not pick up Object's own properties.
  return fc.oneof(Object.hasOwn(plausible, column) ? plausible[column]! : fc.constant(''), hostileString);
};

/** Writes a cell as a spreadsheet might: bare, quoted with doubled quotes, or quoted badly. */
const writeCell = (value: string, style: number) => {
  if (style === 0 && !/[",\r\n]/.test(value)) return value;
  if (style === 2) return `"${value}`; // an unterminated quote
  return `"${value.replace(/"/g, '""')}"`;
};

const csvText = fc
  .record({
    header: fc.oneof(
      fc.shuffledSubarray(FIELDS, { minLength: 3 }),
      fc.array(fc.oneof(fc.constantFrom(...FIELDS, 'Name', 'EMAIL', 'Employee ID', 'notes', 'name'), hostileString), { minLength: 1, maxLength: 8 }),
    ),
    rows: fc.integer({ min: 0, max: 6 }),
    seed: fc.array(fc.nat(2), { minLength: 60, maxLength: 60 }),
    eol: fc.constantFrom('\n', '\r\n', '\r'),
    bom: fc.boolean(),
  })
  .chain(({ header, rows, seed, eol, bom }) =>
    fc.array(fc.tuple(...header.map((h) => cellFor(h))), { minLength: rows, maxLength: rows }).map((cells) => {
      const line = (values: string[], r: number) => values.map((v, i) => writeCell(v, seed[(r * 7 + i) % seed.length]! === 2 && r % 5 !== 4 ? 1 : seed[(r * 7 + i) % seed.length]!)).join(',');
      return (bom ? '\uFEFF' : '') + [line(header, 0), ...cells.map((c, r) => line(c, r + 1))].join(eol) + eol;
    }),
  );

/** The file's bytes: UTF-8 mostly; sometimes another encoding, random bytes spliced in, or pure noise. */
const fileBytes = fc.oneof(
  { weight: 6, arbitrary: csvText.map((s) => Buffer.from(s, 'utf8')) },
  { weight: 1, arbitrary: csvText.map((s) => Buffer.from(s, 'latin1')) },
  { weight: 1, arbitrary: csvText.map((s) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(s, 'utf16le')])) },
  { weight: 1, arbitrary: fc.tuple(csvText, fc.uint8Array({ minLength: 1, maxLength: 40 }), fc.nat()).map(([s, junk, at]) => { const b = Buffer.from(s); const i = at % (b.length + 1); return Buffer.concat([b.subarray(0, i), Buffer.from(junk), b.subarray(i)]); }) },
  { weight: 1, arbitrary: fc.uint8Array({ maxLength: 4000 }).map((b) => Buffer.from(b)) },
  { weight: 1, arbitrary: fc.constantFrom(Buffer.from([0xc0, 0xae, 0xc0, 0xae]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('name,email,position,salary\nA,a@b.co,P,\xff\n', 'latin1'), Buffer.alloc(0)) },
);

const fileName = fc.oneof(
  fc.constantFrom('employees.csv', 'EMPLOYEES.CSV', 'a.xlsx', 'no-extension', '.csv', ''),
  fc.constantFrom(...PATH_LIKE, ...ODD_UNICODE).map((s) => `${s}.csv`),
  fc.string({ maxLength: 300 }).map((s) => `${s.replace(/["\r\n]/g, '')}.csv`),
);

const upload = fc.record({
  bytes: fileBytes,
  filename: fileName,
  type: fc.constantFrom('text/csv', 'application/octet-stream', 'image/png', 'application/json', 'text/csv; charset=utf-16', ''),
  field: fc.constantFrom('file', 'file', 'file', 'upload', 'File'),
  extra: fc.constantFrom<Part[]>([], [{ name: 'note', content: 'hello' }], [{ name: 'file2', filename: 'b.csv', content: 'name,email\n' }], [{ name: '__proto__', content: '{"role":"admin"}' }]),
});

describe.each(engines)('hostile CSV uploads on %s', (engine) => {
  const runs = (n: number) => fuzzRuns(n, engine);
  let t: TestApp;
  let prober: Awaited<ReturnType<typeof createProber>>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    prober = await createProber(t);
  });
  afterAll(async () => {
    console.log(`hostile CSV uploads on ${engine}: ${prober?.count} uploads tried`);
    await t?.close();
  });

  const send = (body: { payload: Buffer; headers: Record<string, string> }, sent: string[] = []) =>
    // Uploads that succeed queue invitation mails, which write their links afterwards.
    prober.probe({ method: 'POST', url: '/api/employee/upload', ...body }, t.admin.token, sent, true);

  it('any file, name, type and form shape', async () => {
    await fc.assert(
      fc.asyncProperty(upload, async ({ bytes, filename, type, field, extra }) => {
        // The {{n}} of plausible emails is made fresh here: the prober only rewrites string bodies.
        const content = Buffer.from(bytes.toString('latin1').replaceAll('{{n}}', randomBytes(4).toString('hex')), 'latin1');
        const parts: Part[] = [{ name: field, filename, content, contentType: type || undefined }, ...extra];
        const res = await send(multipart(parts), [content.toString('utf8'), filename]);
        if (res.statusCode < 300) {
          const body = res.json() as { msg: string; errors: unknown[] };
          expect(typeof body.msg).toBe('string');
          expect(body.errors.every((e) => typeof e === 'string')).toBe(true);
        }
      }),
      { numRuns: runs(150) },
    );
  });

  it('binary files named .csv, other encodings and broken multipart', async () => {
    const files: Buffer[] = [
      Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), randomBytes(2048)]), // a PNG
      Buffer.concat([Buffer.from('504b0304140006000800', 'hex'), randomBytes(2048)]), // an .xlsx (zip)
      Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'),
      randomBytes(64 * 1024),
      Buffer.from('name,email,position,salary\nJosé,jose@x.co,Dev,1\n', 'latin1'),
      Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from('name,email,position,salary\n', 'utf16le').swap16()]),
      Buffer.from([0xef, 0xbb, 0xbf, 0xc3, 0x28]),
      Buffer.from('name,email,position,salary\n\u0000,a@b.co,P,1\n'),
    ];
    for (const content of files) {
      const res = await send(multipart([{ name: 'file', filename: 'employees.csv', content }]));
      expect(res.statusCode).toBe(400);
    }
    const { payload, headers } = multipart([{ name: 'file', filename: 'e.csv', content: 'name,email,position,salary\nA,a@b.co,P,1\n' }]);
    const broken: { payload: Buffer; headers: Record<string, string> }[] = [
      { payload: payload.subarray(0, payload.length - 20), headers },
      { payload, headers: { 'content-type': 'multipart/form-data' } },
      { payload, headers: { 'content-type': 'multipart/form-data; boundary=' } },
      { payload, headers: { 'content-type': `multipart/form-data; boundary=${'x'.repeat(200)}` } },
      { payload: Buffer.from(`--${BOUNDARY}\r\n\r\n--${BOUNDARY}--\r\n`), headers },
      { payload: Buffer.alloc(0), headers },
      { payload: randomBytes(5000), headers },
      { payload: Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${'a'.repeat(100_000)}.csv"\r\n\r\nname\r\n--${BOUNDARY}--\r\n`), headers },
    ];
    for (const body of broken) {
      const res = await send(body);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    }
  });

  it(`a file over ${CSV_MAX_BYTES / (1024 * 1024)} MB is refused with 413`, async () => {
    const row = 'Big Person,big@example.com,Engineer,1000\n';
    const csv = `name,email,position,salary\n${row.repeat(Math.ceil(CSV_MAX_BYTES / row.length) + 10)}`;
    const res = await send(multipart([{ name: 'file', filename: 'big.csv', content: csv }]));
    expect(res.statusCode).toBe(413);
  });

  (engine === 'sqlite' ? describe : describe.skip)('50 MB over a real socket', () => {
    let base: string;
    beforeAll(async () => {
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    });

    /**
     * Streams `total` bytes (head, then filler) and resolves with the answer; the server may cut us off
     * early. A server that answers before reading the body closes the connection, and the bytes we are
     * still sending can make the peer reset it before its answer is read: that race resolves as status 0
     * (no answer), rather than leaving the promise waiting forever.
     */
    function stream(url: string, headers: Record<string, string>, head: Buffer, total: number, tail = Buffer.alloc(0), filler = 'a') {
      return new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
        let sent = 0;
        let answered = false;
        const req = http.request(`${base}${url}`, { method: 'POST', agent: false, headers: { ...headers, 'content-length': String(total) } }, (res) => {
          answered = true;
          let body = '';
          res.on('data', (c: Buffer) => (body += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body, sent }));
          res.on('error', () => resolve({ status: res.statusCode!, body, sent }));
        });
        req.on('error', (err) => {
          if (!/EPIPE|ECONNRESET/.test(String(err))) reject(err);
          else if (!answered) resolve({ status: 0, body: '', sent });
        });
        const chunk = Buffer.alloc(256 * 1024, filler);
        req.write(head);
        sent = head.length;
        const pump = () => {
          while (sent < total - tail.length) {
            const piece = chunk.subarray(0, Math.min(chunk.length, total - tail.length - sent));
            sent += piece.length;
            if (!req.write(piece)) return void req.once('drain', pump);
          }
          req.end(tail);
        };
        pump();
      });
    }

    it('a 50 MB CSV upload: 413 {msg}, nothing imported, and the server still answers', async () => {
      const before = await dbFingerprint(t);
      const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="huge.csv"\r\nContent-Type: text/csv\r\n\r\nname,email,position,salary\n`);
      const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
      // Well-formed rows all the way, so the size limit is what stops it (a runaway quote would be a 400 sooner).
      const rows = 'Filler Person,filler@example.com,Engineer,1000\n';
      const res = await stream('/api/employee/upload', { ...auth(t.admin.token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, head, 50 * 1024 * 1024, tail, rows);
      // The answer, unless the connection was reset before it could be read (see stream()).
      if (res.status !== 0) {
        expect(res.status).toBe(413);
        expect(JSON.parse(res.body)).toEqual({ msg: EMPLOYEE_MSG.csvTooLarge(CSV_MAX_BYTES / (1024 * 1024)) });
      }
      expect(res.sent).toBeGreaterThan(CSV_MAX_BYTES);
      expect(await dbFingerprint(t)).toEqual(before);
      const health = await fetch(`${base}/api/health`);
      expect(health.status).toBe(200);
    });

    it('a 50 MB upload without a token: 401 {msg}, and the server still answers', async () => {
      const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="huge.csv"\r\n\r\n`);
      const res = await stream('/api/employee/upload', { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` }, head, 50 * 1024 * 1024);
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body)).toEqual({ msg: expect.any(String) });
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
    });

    it('a 50 MB JSON body: 413 {msg} without reading it all', async () => {
      const before = await dbFingerprint(t);
      const res = await stream('/api/employee', { ...auth(t.admin.token), 'content-type': 'application/json' }, Buffer.from('{"name":"'), 50 * 1024 * 1024);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ msg: 'Request body is too large' });
      expect(await dbFingerprint(t)).toEqual(before);
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
    });
  });
});
