import http from 'node:http';
import { sql } from 'kysely';
import { CSV_MAX_BYTES } from '../../../shared/constants';
import { EMPLOYEE_MSG } from '../employee-records';
import { auth, createTestApp, engines, eventually, type TestApp } from '../../test/test-app';
import { IMPORT_ERROR_LIMIT } from './employee-import';
import { TABLE_MSG } from '../../imports/table-upload';
import { BOUNDARY, csvFile, multipart } from '../../test/multipart';

const HEADER = 'name,email,position,salary\n';
const row = (n: number, extra = '') => `Person ${n},person${n}@example.com,Engineer,${1000 + n}${extra}\n`;

describe.each(engines)('employee CSV upload on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(() => t.close());

  const db = () => t.ctx.database.db;
  const send = (body: { payload: Buffer | string; headers: Record<string, string> }, token = t.admin.token) =>
    t.app.inject({ method: 'POST', url: '/api/employee/upload', headers: { ...auth(token), ...body.headers }, payload: body.payload });
  const upload = (content: string | Buffer, token?: string) => send(csvFile(content), token);
  const list = async () => (await t.app.inject({ method: 'GET', url: '/api/employee', headers: auth(t.admin.token) })).json();
  const userCount = async () => Number((await db().selectFrom('users').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('adds every row of a good file and answers how many', async () => {
    const res = await upload(HEADER + row(1) + row(2) + 'Zed,zed@example.com,QA,0.5\n');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ msg: 'Added 3 of 3 employees', errors: [], dryRun: false, counts: { added: 3, updated: 0, unchanged: 0, failed: 0 } });
    expect(await list()).toEqual([
      expect.objectContaining({ employeeId: 'EMP0001', name: 'Person 1', email: 'person1@example.com', position: 'Engineer', salary: 1001 }),
      expect.objectContaining({ employeeId: 'EMP0002', email: 'person2@example.com', salary: 1002 }),
      expect.objectContaining({ employeeId: 'EMP0003', name: 'Zed', salary: 0.5 }),
    ]);
  });

  it('reads a BOM, CRLF, quoted commas and reordered upper-case columns', async () => {
    const csv = '\uFEFFSALARY,EMAIL,Name,POSITION\r\n"75000","doe@example.com","Doe, John","Lead, Ops"\r\n80000,ann@example.com,Ann,Dev\r\n';
    const res = await upload(csv);
    expect(res.json()).toMatchObject({ msg: 'Added 2 of 2 employees', errors: [] });
    expect(await list()).toEqual([
      expect.objectContaining({ name: 'Doe, John', email: 'doe@example.com', position: 'Lead, Ops', salary: 75000 }),
      expect.objectContaining({ name: 'Ann', salary: 80000 }),
    ]);
  });

  it('adds the good rows and lists the bad ones by row: invalid, in-file duplicate, existing duplicate', async () => {
    await t.employee({ email: 'taken@example.com' });
    const csv =
      HEADER +
      'Good One,one@example.com,Dev,100\n' + // row 2
      'Bad Email,x@,Dev,100\n' + // row 3
      'Twice,one@EXAMPLE.com,Dev,100\n' + // row 4
      'Existing,Taken@example.com,Dev,100\n' + // row 5
      'Bad Salary,pay@example.com,Dev,abc\n' + // row 6
      'Good Two,two@example.com,Dev,200\n'; // row 7
    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      msg: 'Added 2 of 6 employees',
      counts: { added: 2, failed: 4 },
      errors: [
        'Row 3: invalid email "x@"',
        'Row 4: duplicate email one@example.com (also on row 2)',
        'Row 5: duplicate email taken@example.com (already exists)',
        'Row 6: salary: "abc" is not an amount (use 25000, 25,000 or 2,50,000.50, with or without ₹, Rs or INR)',
      ],
    });
    expect(res.json().rows[0]).toEqual({ row: 2, employeeId: 'EMP0002', result: 'added' });
    expect(res.json().rows[1]).toEqual({ row: 3, employeeId: null, result: 'failed', error: 'invalid email "x@"' });
    expect((await list()).map((e: { email: string }) => e.email)).toEqual(['taken@example.com', 'one@example.com', 'two@example.com']);
  });

  it('keeps a supplied employeeId, numbers new ones above it, and reports ids already used', async () => {
    const existing = await t.employee(); // EMP0001
    const csv =
      'name,email,position,salary,employeeId\n' +
      'A,a@example.com,Dev,1,EMP0050\n' +
      'B,b@example.com,Dev,1,\n' +
      `C,c@example.com,Dev,1,${existing.employeeId}\n` +
      'D,d@example.com,Dev,1,emp0050\n';
    const res = await upload(csv);
    expect(res.json()).toMatchObject({
      msg: 'Added 2 of 4 employees',
      errors: [`Row 4: employeeId ${existing.employeeId} already exists`, 'Row 5: duplicate employeeId emp0050 (also on row 2)'],
    });
    expect((await list()).map((e: { employeeId: string; email: string }) => [e.employeeId, e.email])).toEqual([
      ['EMP0001', existing.email],
      ['EMP0050', 'a@example.com'],
      ['EMP0051', 'b@example.com'],
    ]);
    // A later single add continues after the supplied id, never colliding with it.
    const next = await t.app.inject({ method: 'POST', url: '/api/employee', headers: auth(t.admin.token), payload: { name: 'E', email: 'e@example.com', position: 'Dev', salary: 1 } });
    expect(next.json().employeeId).toBe('EMP0052');
  });

  it('invites exactly the committed rows, after the commit', async () => {
    const res = await upload(HEADER + row(1) + 'Bad,x@,Dev,1\n' + row(2) + row(3) + 'Dup,person1@example.com,Dev,1\n');
    expect(res.json().msg).toBe('Added 3 of 5 employees');
    await eventually(() => t.mailer.sent.length === 3);
    await new Promise((r) => setTimeout(r, 50));
    expect(t.mailer.sent.map((m) => m.to).sort()).toEqual(['person1@example.com', 'person2@example.com', 'person3@example.com']);
    expect(t.mailer.sent.every((m) => /set-password\?token=/.test(m.text))).toBe(true);
    const tokens = await db().selectFrom('password_tokens').select(['purpose']).execute();
    expect(tokens).toEqual([{ purpose: 'invite' }, { purpose: 'invite' }, { purpose: 'invite' }]);
  });

  it('audits the import: one entry per employee plus a summary with the counts', async () => {
    await upload(HEADER + row(1) + row(2) + 'Bad,x@,Dev,1\n');
    const entries = (await t.app.inject({ method: 'GET', url: '/api/audit', headers: auth(t.admin.token) })).json();
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['employee.import', 'employee.create', 'employee.create']);
    expect(entries[0]).toMatchObject({ actor: { _id: String(t.admin.id) }, entity: 'employee', entityId: null, after: { file: 'employees.csv', rows: 3, added: 2, rejected: 1 } });
    expect(entries[1].after).toMatchObject({ employeeId: 'EMP0002', email: 'person2@example.com', salary: 1002 });
  });

  it('writes large files in batches and still matches every row to its employee', async () => {
    const n = 1_234;
    let csv = HEADER;
    for (let i = 1; i <= n; i++) csv += row(i);
    const res = await upload(csv);
    expect(res.json()).toMatchObject({ msg: `Added ${n} of ${n} employees`, errors: [] });
    const rows = await db()
      .selectFrom('employees')
      .innerJoin('users', 'users.id', 'employees.user_id')
      .select(['users.email', 'employees.employee_id', 'employees.salary_paise'])
      .execute();
    expect(rows).toHaveLength(n);
    for (const r of rows) {
      const i = Number(/person(\d+)@/.exec(r.email)![1]);
      expect([r.employee_id, Number(r.salary_paise)]).toEqual([`EMP${String(i).padStart(4, '0')}`, (1000 + i) * 100]);
    }
    await eventually(() => t.mailer.sent.length === n, 20_000);
  });

  it(`lists at most ${IMPORT_ERROR_LIMIT} row errors and counts the rest`, async () => {
    let csv = HEADER;
    for (let i = 1; i <= IMPORT_ERROR_LIMIT + 5; i++) csv += `P${i},bad${i}@,Dev,1\n`;
    const { msg, errors } = (await upload(csv)).json();
    expect(msg).toBe(`Added 0 of ${IMPORT_ERROR_LIMIT + 5} employees`);
    expect(errors).toHaveLength(IMPORT_ERROR_LIMIT + 1);
    expect(errors[0]).toBe('Row 2: invalid email "bad1@"');
    expect(errors.at(-1)).toBe(EMPLOYEE_MSG.moreRowErrors(5));
  });

  it('writes nothing at all when the database fails part-way, and invites nobody', async () => {
    // A trigger stands in for a crash: it fails the insert of row 700, in the second batch, after
    // the first 500 employees (and the counter) have been written inside the transaction.
    if (engine === 'sqlite') {
      await sql`create trigger boom before insert on employees when new.position = 'BOOM' begin select raise(abort, 'boom'); end`.execute(db());
    } else {
      await sql`create function boom() returns trigger language plpgsql as $$ begin if new.position = 'BOOM' then raise exception 'boom'; end if; return new; end $$`.execute(db());
      await sql`create trigger boom before insert on employees for each row execute function boom()`.execute(db());
    }
    let csv = HEADER;
    for (let i = 1; i <= 800; i++) csv += i === 700 ? `Crash,crash@example.com,BOOM,1\n` : row(i);
    const users = await userCount();
    const counter = await db().selectFrom('counters').select('value').executeTakeFirstOrThrow();

    const res = await upload(csv);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ msg: 'Server error' });

    expect(await userCount()).toBe(users);
    expect(await db().selectFrom('employees').selectAll().execute()).toEqual([]);
    expect(await db().selectFrom('audit_log').selectAll().execute()).toEqual([]);
    expect(await db().selectFrom('counters').select('value').executeTakeFirstOrThrow()).toEqual(counter);
    await new Promise((r) => setTimeout(r, 100));
    expect(t.mailer.sent).toEqual([]);
    expect(await db().selectFrom('password_tokens').selectAll().execute()).toEqual([]);

    // The same file without the bad row goes through afterwards.
    const retry = await upload(csv.replace('Crash,crash@example.com,BOOM,1\n', ''));
    expect(retry.json().msg).toBe('Added 799 of 799 employees');
  });

  describe('refuses unusable uploads with a 4xx and a clear msg', () => {
    const expectRefusal = async (res: { statusCode: number; json: () => { msg: string } }, status: number, msg: string | RegExp) => {
      expect(res.statusCode).toBe(status);
      if (typeof msg === 'string') expect(res.json()).toEqual({ msg });
      else expect(res.json().msg).toMatch(msg);
      expect(await userCount()).toBe(1); // the admin only
    };

    it('an empty file, a blank one and a header without rows', async () => {
      await expectRefusal(await upload(''), 400, EMPLOYEE_MSG.csvEmpty);
      await expectRefusal(await upload('\r\n\r\n'), 400, EMPLOYEE_MSG.csvEmpty);
      await expectRefusal(await upload(HEADER), 400, EMPLOYEE_MSG.csvNoRows);
    });

    it('missing columns', async () => {
      await expectRefusal(await upload('name,email\nA,a@example.com\n'), 400, EMPLOYEE_MSG.csvMissingColumns(['position', 'salary']));
    });

    it('a binary file, and text that is not UTF-8', async () => {
      const xlsx = Buffer.concat([Buffer.from('504b030414000600080000002100', 'hex'), Buffer.alloc(64, 7)]);
      // Zip bytes are read as a spreadsheet, which this is not.
      await expectRefusal(await send(csvFile(xlsx, 'employees.xlsx')), 400, TABLE_MSG.xlsxUnreadable);
      await expectRefusal(await upload(Buffer.concat([Buffer.from(HEADER), Buffer.alloc(16, 0)])), 400, EMPLOYEE_MSG.csvNotText);
      await expectRefusal(await upload(Buffer.from(HEADER + 'Jos\xe9,j@example.com,Dev,1\n', 'latin1')), 400, EMPLOYEE_MSG.csvNotUtf8);
    });

    it(`a file over ${CSV_MAX_BYTES} bytes, with 413`, async () => {
      let csv = HEADER;
      for (let i = 1; csv.length <= CSV_MAX_BYTES; i++) csv += row(i);
      const exact = Buffer.from(csv.slice(0, CSV_MAX_BYTES + 1));
      expect(exact.length).toBe(CSV_MAX_BYTES + 1);
      await expectRefusal(await upload(exact), 413, EMPLOYEE_MSG.csvTooLarge(CSV_MAX_BYTES / (1024 * 1024)));
      // Cut inside a quoted field, so what arrives also fails to parse: the size is still the answer.
      const openQuote = Buffer.concat([Buffer.from(HEADER + '"'), Buffer.alloc(CSV_MAX_BYTES, 'a')]);
      await expectRefusal(await upload(openQuote), 413, EMPLOYEE_MSG.csvTooLarge(CSV_MAX_BYTES / (1024 * 1024)));
    });

    it('an oversized file streamed over a real socket, stopped at the limit', async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      // Long rows keep the per-row work small; what matters here is the byte count.
      let csv = HEADER;
      for (let i = 1; csv.length <= CSV_MAX_BYTES * 1.2; i++) csv += `P${i},p${i}@example.com,${'x'.repeat(50_000)},1\n`;
      const { payload, headers } = csvFile(csv);
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(`${address}/api/employee/upload`, { method: 'POST', agent: false, headers: { ...auth(t.admin.token), ...headers } }, (response) => {
          let body = '';
          response.on('data', (c: Buffer) => (body += c.toString()));
          response.on('end', () => resolve({ status: response.statusCode!, body }));
        });
        // The server may answer and close before the whole body is written.
        req.on('error', (err) => (/EPIPE|ECONNRESET/.test(String(err)) ? undefined : reject(err)));
        let offset = 0;
        const writeMore = () => {
          if (offset >= payload.length) return req.end();
          req.write(payload.subarray(offset, (offset += 64 * 1024)));
          setTimeout(writeMore, 1);
        };
        writeMore();
      });
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({ msg: EMPLOYEE_MSG.csvTooLarge(CSV_MAX_BYTES / (1024 * 1024)) });
      expect(await userCount()).toBe(1);
    });

    it('no file: a JSON body, a form without a file, a file in another field', async () => {
      const json = await t.app.inject({ method: 'POST', url: '/api/employee/upload', headers: auth(t.admin.token), payload: { file: 'name,email' } });
      await expectRefusal(json, 400, EMPLOYEE_MSG.csvNoFile);
      await expectRefusal(await send(multipart([{ name: 'note', content: 'hello' }])), 400, EMPLOYEE_MSG.csvNoFile);
      await expectRefusal(await send(multipart([{ name: 'upload', filename: 'e.csv', content: HEADER + row(1) }])), 400, EMPLOYEE_MSG.csvNoFile);
      const empty = await t.app.inject({ method: 'POST', url: '/api/employee/upload', headers: { ...auth(t.admin.token), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } });
      expect([400, 415]).toContain(empty.statusCode);
    });

    it('a malformed multipart body', async () => {
      const { payload, headers } = csvFile(HEADER + row(1));
      const truncated = payload.subarray(0, payload.length - `--${BOUNDARY}--\r\n`.length - 5);
      await expectRefusal(await send({ payload: truncated, headers }), 400, EMPLOYEE_MSG.uploadUnreadable);
      await expectRefusal(await send({ payload, headers: { 'content-type': 'multipart/form-data' } }), 400, EMPLOYEE_MSG.uploadUnreadable);
    });

    it('a raw CSV body that is not multipart', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/employee/upload', headers: { ...auth(t.admin.token), 'content-type': 'text/csv' }, payload: HEADER + row(1) });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ msg: 'Unsupported content type' });
    });

    it('anyone but an admin', async () => {
      const e = await t.employee();
      expect((await upload(HEADER + row(1), e.token)).statusCode).toBe(403);
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/employee/upload', ...csvFile(HEADER + row(1)) });
      expect(anonymous.statusCode).toBe(401);
      expect(await userCount()).toBe(2);
    });
  });

  it('takes the first file and ignores a second one', async () => {
    const body = multipart([
      { name: 'file', filename: 'a.csv', content: HEADER + row(1) },
      { name: 'file', filename: 'b.csv', content: HEADER + row(2) },
    ]);
    const res = await send(body);
    expect(res.statusCode).toBe(200);
    expect(res.json().msg).toBe('Added 1 of 1 employees');
  });
});
