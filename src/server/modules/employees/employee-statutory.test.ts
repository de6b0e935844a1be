/**
 * Statutory and bank details on the employee API: admins set and see them in full, the employee sees
 * their own with the account number masked, bad formats are 400s naming the field, and every change
 * is audited without the account number.
 */
import { EMPLOYEE_MSG } from './employee-messages';
import { NUMBER_TEXT, ODD_UNICODE, PATH_LIKE, SQL_LIKE } from '../../test/hostile-values';
import { auth, createTestApp, engines, type TestApp } from '../../test/test-app';

const details = {
  stateOfWork: 'mh',
  pan: ' abcde1234f ',
  uan: '1001 2345 6789',
  esiNumber: '3112345678',
  bankAccount: '50100123451234',
  ifsc: 'hdfc0001234',
  taxRegime: 'old',
  gender: 'female',
};

describe.each(engines)('employee statutory details on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(() => t.close());

  const edit = (id: number, body: object, token = t.admin.token) => t.app.inject({ method: 'PUT', url: `/api/employee/edit/${id}`, headers: auth(token), payload: body });
  const get = (url: string, token = t.admin.token) => t.app.inject({ method: 'GET', url, headers: auth(token) });
  const base = { name: 'Meera Iyer', email: 'meera@test.local', position: 'Analyst', salary: 45000 };

  it('an admin saves them normalised and sees them in full; the employee sees the account masked', async () => {
    const e = await t.employee({ name: 'Meera Iyer', email: 'meera@test.local', position: 'Analyst', salaryPaise: 45_000_00 });
    const empty = (await get(`/api/employee/${e.id}`)).json();
    expect(empty.statutory).toEqual({ stateOfWork: null, pan: null, uan: null, esiNumber: null, bankAccount: null, bankAccountMasked: false, ifsc: null, taxRegime: null, gender: null, pfOnFullWages: false, leftOn: null });

    const res = await edit(e.id, { ...base, statutory: details });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: EMPLOYEE_MSG.updated });

    const full = { stateOfWork: 'MH', pan: 'ABCDE1234F', uan: '100123456789', esiNumber: '3112345678', ifsc: 'HDFC0001234', taxRegime: 'old', gender: 'female', pfOnFullWages: false, leftOn: null };
    expect((await get(`/api/employee/${e.id}`)).json().statutory).toEqual({ ...full, bankAccount: '50100123451234', bankAccountMasked: false });
    // The employee's own record, by id and by /me: the number never leaves the server whole.
    for (const url of [`/api/employee/${e.id}`, '/api/employee/me', '/api/employee/current']) {
      const own = await get(url, e.token);
      expect(own.statusCode).toBe(200);
      expect(own.json().statutory).toEqual({ ...full, bankAccount: 'XXXXXX1234', bankAccountMasked: true });
      expect(own.body).not.toContain('50100123451234');
    }
    // The spec's list keeps its shape.
    expect(Object.keys((await get('/api/employee')).json()[0]).sort()).toEqual(['_id', 'departmentId', 'email', 'employeeId', 'joiningDate', 'locationId', 'name', 'phone', 'position', 'salary']);
  });

  it('changes only the fields sent, clears one sent empty, and audits which without the account number', async () => {
    const e = await t.employee({ name: 'Meera Iyer', email: 'meera@test.local', position: 'Analyst', salaryPaise: 45_000_00 });
    await edit(e.id, { ...base, statutory: details });
    expect((await edit(e.id, { ...base, statutory: { bankAccount: '123456789012', pan: '' } })).statusCode).toBe(200);
    const after = (await get(`/api/employee/${e.id}`)).json().statutory;
    expect(after).toMatchObject({ bankAccount: '123456789012', pan: null, ifsc: 'HDFC0001234', stateOfWork: 'MH' });
    // Sending the same again changes nothing and writes no entry.
    await edit(e.id, { ...base, statutory: { bankAccount: '123456789012' } });

    const rows = await t.ctx.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'employee.statutory-change').orderBy('id').execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.actor_id === t.admin.id && r.entity_id === String(e.id) && /^\d{4}-\d{2}-\d{2}T/.test(r.at))).toBe(true);
    expect(JSON.parse(rows[1]!.before_json!)).toEqual({ employeeId: e.employeeId, fields: ['pan', 'bankAccount'], pan: 'ABCDE1234F', bankAccount: 'XXXXXX1234' });
    expect(JSON.parse(rows[1]!.after_json!)).toEqual({ employeeId: e.employeeId, fields: ['pan', 'bankAccount'], pan: null, bankAccount: 'XXXXXX9012' });
    const everything = (await t.ctx.database.db.selectFrom('audit_log').select(['before_json', 'after_json']).execute()).map((r) => `${r.before_json} ${r.after_json}`).join('\n');
    expect(everything).not.toContain('50100123451234');
    expect(everything).not.toContain('123456789012');
  });

  it('refuses bad formats with a 400 naming the field, and saves nothing', async () => {
    const e = await t.employee({ name: 'Meera Iyer', email: 'meera@test.local', position: 'Analyst', salaryPaise: 45_000_00 });
    const cases: [object, RegExp][] = [
      [{ pan: 'ABCD1234F' }, /PAN must be five letters, four digits and a letter/],
      [{ pan: '12345ABCDE' }, /PAN must be/],
      [{ ifsc: 'HDFC1001234' }, /IFSC must be four letters, a zero/],
      [{ uan: '12345' }, /UAN must be 12 digits/],
      [{ esiNumber: '12-34' }, /ESI number must be 10 digits/],
      [{ bankAccount: '12345678' }, /Bank account number must be 9 to 18 digits/],
      [{ bankAccount: 12345678901 }, /Bank account number must be text/],
      [{ stateOfWork: 'XX' }, /stateOfWork must be a state code/],
      [{ taxRegime: 'flat' }, /taxRegime must be 'new' or 'old'/],
      [{ gender: 'f' }, /gender must be 'female', 'male' or 'other'/],
      [{ salaryAccount: '1' }, /statutory has unknown fields: salaryAccount/],
    ];
    for (const [statutory, msg] of cases) {
      const res = await edit(e.id, { ...base, statutory });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(msg);
    }
    expect(await t.ctx.database.db.selectFrom('employee_statutory').selectAll().execute()).toEqual([]);
  });

  it('answers hostile values in every field with 200 or a 400 {msg}, never a 500, and stores only valid formats', async () => {
    const e = await t.employee({ name: 'Meera Iyer', email: 'meera@test.local', position: 'Analyst', salaryPaise: 45_000_00 });
    const values: unknown[] = [...SQL_LIKE, ...PATH_LIKE, ...ODD_UNICODE, ...NUMBER_TEXT, 0, -1, 1e300, true, null, [], {}, ['ABCDE1234F'], { $gt: '' }, 'x'.repeat(10_000)];
    for (const field of ['stateOfWork', 'pan', 'uan', 'esiNumber', 'bankAccount', 'ifsc', 'taxRegime', 'gender']) {
      for (const value of values) {
        const res = await edit(e.id, { ...base, statutory: { [field]: value } });
        expect({ field, value, status: res.statusCode }).toEqual({ field, value, status: res.statusCode === 200 ? 200 : 400 });
        if (res.statusCode === 400) expect(typeof res.json().msg).toBe('string');
      }
    }
    const stored = await t.ctx.database.db.selectFrom('employee_statutory').selectAll().execute();
    for (const row of stored) {
      expect(row.pan === null || /^[A-Z]{5}\d{4}[A-Z]$/.test(row.pan)).toBe(true);
      expect(row.bank_account === null || /^\d{9,18}$/.test(row.bank_account)).toBe(true);
      expect(row.ifsc === null || /^[A-Z]{4}0[A-Z0-9]{6}$/.test(row.ifsc)).toBe(true);
    }
  });

  it('lets only admins change them: an employee sending them is refused before validation', async () => {
    const e = await t.employee({ name: 'Meera Iyer', email: 'meera@test.local' });
    const res = await edit(e.id, { name: 'Meera Iyer', email: 'meera@test.local', statutory: { bankAccount: '999999999999' } }, e.token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ msg: EMPLOYEE_MSG.ownNameAndEmailOnly });
    const other = await t.employee();
    expect((await get(`/api/employee/${other.id}`, e.token)).statusCode).toBe(403);
  });
});
