/**
 * Statutory and bank details on the employee API: admins set and see them in full, the employee sees
 * their own with the account number masked, bad formats are 400s naming the field, and every change
 * is audited without the account number.
 */
import { EMPLOYEE_MSG, NO_STATUTORY } from '../employee-records';
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

// A record nobody has filled in (every field null, a PF member, no disability), and EPS derived from it.
const NOTHING_GIVEN = { ...NO_STATUTORY, epsEligibility: { eligible: true, reason: 'Treated as eligible: the first membership date or the wage then is not given.' } };

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
    expect(empty.statutory).toEqual({ ...NOTHING_GIVEN, bankAccountMasked: false });

    const res = await edit(e.id, { ...base, statutory: details });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ msg: EMPLOYEE_MSG.updated });

    const full = { ...NOTHING_GIVEN, stateOfWork: 'MH', pan: 'ABCDE1234F', uan: '100123456789', esiNumber: '3112345678', ifsc: 'HDFC0001234', taxRegime: 'old', gender: 'female' };
    expect((await get(`/api/employee/${e.id}`)).json().statutory).toEqual({ ...full, bankAccount: '50100123451234', bankAccountMasked: false });
    // The employee's own record, by id and by /me: the number never leaves the server whole.
    for (const url of [`/api/employee/${e.id}`, '/api/employee/me', '/api/employee/current']) {
      const own = await get(url, e.token);
      expect(own.statusCode).toBe(200);
      expect(own.json().statutory).toEqual({ ...full, bankAccount: 'XXXXXX1234', bankAccountMasked: true });
      expect(own.body).not.toContain('50100123451234');
    }
    // The spec's list keeps its shape (and the reporting line beside it), without statutory details.
    expect(Object.keys((await get('/api/employee')).json()[0]).sort()).toEqual(['_id', 'departmentId', 'devicePin', 'email', 'employeeId', 'joiningDate', 'leftOn', 'locationId', 'managerId', 'name', 'phone', 'position', 'salary', 'status']);
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

  it('names every bad field of a body in one answer: PAN, UAN and IFSC wrong need one save, not three', async () => {
    const e = await t.employee({ name: 'Meera Iyer', email: 'meera@test.local', position: 'Analyst', salaryPaise: 45_000_00 });
    const res = await edit(e.id, { name: 'Meera Iyer', email: 'not-an-email', statutory: { pan: 'ABCD1234F', uan: '12345', ifsc: 'HDFC1001234' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body.fieldErrors).sort()).toEqual(['email', 'statutory.ifsc', 'statutory.pan', 'statutory.uan']);
    expect(body.fieldErrors['statutory.pan']).toMatch(/PAN must be five letters, four digits and a letter/);
    expect(body.fieldErrors['statutory.uan']).toMatch(/UAN must be 12 digits/);
    expect(body.fieldErrors['statutory.ifsc']).toMatch(/IFSC must be four letters, a zero/);
    // msg is the first field's message, as the spec's screens show it.
    expect(Object.values(body.fieldErrors)).toContain(body.msg);
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
      [{ dateOfBirth: '1990-02-30' }, /Date of birth must be a real date written YYYY-MM-DD/],
      [{ dateOfBirth: '1899-12-31' }, /Date of birth must be on or after 1900-01-01/],
      [{ dateOfBirth: '2024-01-01' }, /Date of birth \(2024-01-01\) must be before the joining date \(2024-01-01\)/],
      [{ pfMember: 'no' }, /pfMember must be true or false/],
      [{ pfFirstJoinedOn: '17/09/2026' }, /First PF membership date must be a real date/],
      [{ pfWageAtJoining: '30000' }, /PF wages at joining must be a number/],
      [{ pfWageAtJoining: -1 }, /PF wages at joining must be 0 or more/],
      [{ pfWageAtJoining: 100.123 }, /PF wages at joining can have at most 2 decimals/],
      [{ epsEligible: 'yes' }, /epsEligible must be true, false or null/],
      [{ personWithDisability: 1 }, /personWithDisability must be true or false/],
      [{ dateOfBirth: '1990-05-01', pfFirstJoinedOn: '1990-05-01' }, /First PF membership date \(1990-05-01\) must be after the date of birth/],
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
    for (const field of ['stateOfWork', 'pan', 'uan', 'esiNumber', 'bankAccount', 'ifsc', 'taxRegime', 'gender', 'dateOfBirth', 'pfMember', 'pfFirstJoinedOn', 'pfWageAtJoining', 'epsEligible', 'personWithDisability']) {
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

  it('keeps the person facts: date of birth, disability, PF membership; EPS eligibility derived from the first membership and overridable', async () => {
    const e = await t.employee({ name: 'Arjun Rao', email: 'arjun@test.local', salaryPaise: 60_000_00, joinedOn: '2025-01-10' });
    const facts = { dateOfBirth: '1968-03-15', personWithDisability: true, pfFirstJoinedOn: '2025-01-10', pfWageAtJoining: 30000 };
    expect((await edit(e.id, { ...base, statutory: facts })).statusCode).toBe(200);
    const saved = (await get(`/api/employee/${e.id}`)).json().statutory;
    expect(saved).toMatchObject({ ...facts, pfMember: true, epsEligible: null });
    // First joined after 1 Sep 2014 above the ₹15,000 ceiling then: outside the pension scheme.
    expect(saved.epsEligibility).toEqual({ eligible: false, reason: 'First joined PF on 2025-01-10 at ₹30,000, above the ₹15,000 ceiling then.' });
    // The employee sees the same facts about themself.
    expect((await get('/api/employee/me', e.token)).json().statutory).toMatchObject({ ...facts, epsEligibility: { eligible: false } });

    // From 17 Sep 2026 the ceiling is ₹25,000: ₹20,000 at first membership then is within it.
    await edit(e.id, { ...base, statutory: { pfFirstJoinedOn: '2026-10-01', pfWageAtJoining: 20000 } });
    expect((await get(`/api/employee/${e.id}`)).json().statutory.epsEligibility).toEqual({
      eligible: true,
      reason: 'First joined PF on 2026-10-01 at ₹20,000, within the ₹25,000 ceiling then.',
    });
    // A member since before September 2014 is eligible whatever the wage; an override wins over the derivation.
    await edit(e.id, { ...base, statutory: { pfFirstJoinedOn: '2010-06-01', pfWageAtJoining: 90000 } });
    expect((await get(`/api/employee/${e.id}`)).json().statutory.epsEligibility.eligible).toBe(true);
    await edit(e.id, { ...base, statutory: { epsEligible: false } });
    expect((await get(`/api/employee/${e.id}`)).json().statutory).toMatchObject({ epsEligible: false, epsEligibility: { eligible: false, reason: 'Not eligible: set by an administrator.' } });
    // Cleared with null and ''.
    await edit(e.id, { ...base, statutory: { epsEligible: null, pfWageAtJoining: '', dateOfBirth: '' } });
    expect((await get(`/api/employee/${e.id}`)).json().statutory).toMatchObject({ epsEligible: null, pfWageAtJoining: null, dateOfBirth: null });
    const audit = await t.ctx.database.db.selectFrom('audit_log').select('after_json').where('action', '=', 'employee.statutory-change').orderBy('id').execute();
    expect(JSON.parse(audit[0]!.after_json!)).toMatchObject({ fields: ['dateOfBirth', 'pfFirstJoinedOn', 'pfWageAtJoining', 'personWithDisability'], dateOfBirth: '1968-03-15' });
  });

  it('lets a person be outside PF only as an excluded employee: joined above the ceiling, no UAN, no earlier membership', async () => {
    const e = await t.employee({ name: 'Dev Shah', email: 'dev@test.local', salaryPaise: 90_000_00, joinedOn: '2026-10-05' });
    // Dev's own email: a refused edit that also changed the email would spend the email-change budget.
    const out = (statutory: object) => edit(e.id, { ...base, email: e.email, statutory: { pfMember: false, ...statutory } });
    const refused: [object, RegExp][] = [
      [{}, /Give the PF wages at joining/],
      [{ pfWageAtJoining: 25000 }, /₹25,000 at joining on 2026-10-05 is within the ₹25,000 ceiling/],
      [{ pfWageAtJoining: 90000, uan: '100123456789' }, /A person with a UAN has been a PF member/],
      [{ pfWageAtJoining: 90000, pfFirstJoinedOn: '2019-04-01' }, /A person with a first PF membership date stays a member/],
    ];
    for (const [statutory, msg] of refused) {
      const res = await out(statutory);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toMatch(msg);
    }
    expect((await get(`/api/employee/${e.id}`)).json().statutory.pfMember).toBe(true);
    expect((await out({ pfWageAtJoining: 90000 })).statusCode).toBe(200);
    expect((await get(`/api/employee/${e.id}`)).json().statutory).toMatchObject({ pfMember: false, pfWageAtJoining: 90000 });
    // Giving a UAN later is refused while they are outside PF: membership first.
    expect((await edit(e.id, { ...base, statutory: { uan: '100123456789' } })).statusCode).toBe(400);
    expect((await edit(e.id, { ...base, statutory: { uan: '100123456789', pfMember: true } })).statusCode).toBe(200);
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
