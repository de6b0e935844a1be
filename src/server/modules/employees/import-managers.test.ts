/**
 * The import's managerEmployeeId column: reporting lines by employee code, to people already here or
 * added by the same file, and every refusal naming the row and the field.
 */
import { auth, createTestApp, engines, type TestApp } from '../../test/test-app';
import { IMPORT_MANAGER_MSG, settleManagers, type Person } from './import-managers';
import { uploadEmployees } from '../../test/multipart';

describe('settleManagers (pure)', () => {
  const person = (code: string, manager: string | null, usable = true): [string, Person] => [code.toLowerCase(), { userId: code.length, code, name: `Name ${code}`, usable, manager }];

  it('follows lines through people the file adds; a loop refuses the row that closes it, then the row whose manager that was', () => {
    const people = new Map([person('A1', null)]);
    const adding = new Map([
      ['b1', 2],
      ['c1', 3],
    ]);
    const refused = settleManagers(
      people,
      [
        { row: 2, subject: 'b1', manager: 'c1' },
        { row: 3, subject: 'c1', manager: 'b1' },
        { row: 4, subject: 'a1', manager: 'b1' },
      ],
      adding,
      new Map(),
    );
    expect([...refused]).toEqual([
      [3, IMPORT_MANAGER_MSG.cycle('B1')],
      [2, IMPORT_MANAGER_MSG.failedRow('C1', 3)],
      [4, IMPORT_MANAGER_MSG.failedRow('B1', 2)],
    ]);
  });

  it('refuses a report of a refused row in a second pass, and a leaver', () => {
    const people = new Map([person('A1', null), person('L1', null, false)]);
    const refused = settleManagers(
      people,
      [
        { row: 2, subject: 'b1', manager: 'zz9' },
        { row: 3, subject: 'c1', manager: 'b1' },
        { row: 4, subject: 'd1', manager: 'l1' },
      ],
      new Map([
        ['b1', 2],
        ['c1', 3],
        ['d1', 4],
      ]),
      new Map(),
    );
    expect(refused.get(2)).toBe(IMPORT_MANAGER_MSG.unknown('ZZ9'));
    expect(refused.get(3)).toBe(IMPORT_MANAGER_MSG.failedRow('B1', 2));
    expect(refused.get(4)).toBe(IMPORT_MANAGER_MSG.leaver('L1', 'Name L1'));
  });

  it('stops at a loop the stored lines already have', () => {
    const people = new Map([person('X', 'y'), person('Y', 'x')]);
    expect(settleManagers(people, [{ row: 2, subject: 'n', manager: 'x' }], new Map([['n', 2]]), new Map()).size).toBe(0);
  });
});

describe.each(engines)('managerEmployeeId in the employee import on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(() => t.close());

  const admin = () => auth(t.admin.token);
  const people = async () => {
    const list = (await t.app.inject({ url: '/api/employee', headers: admin() })).json() as { _id: string; employeeId: string; managerId: string | null }[];
    return new Map(list.map((p) => [p.employeeId, p]));
  };
  const HEAD = 'employeeId,name,email,position,salary,managerEmployeeId\n';
  const line = (code: string, manager = '') => `${code},Person ${code},${code.toLowerCase()}@acme.in,Clerk,"25,000",${manager}\n`;

  it('sets lines to people added by the same file (listed before or after their manager) and to people already here', async () => {
    const boss = await t.employee({ name: 'Boss' });
    const csv = HEAD + line('ACM0002', 'acm0001') + line('ACM0001', boss.employeeId) + line('ACM0003', 'ACM0001') + line('ACM0004');
    const dry = await uploadEmployees(t, csv, '?dryRun=true');
    expect(dry.json()).toMatchObject({ dryRun: true, counts: { added: 4, failed: 0 } });
    expect((await people()).has('ACM0001')).toBe(false);

    const res = await uploadEmployees(t, csv);
    expect(res.json()).toMatchObject({ counts: { added: 4, failed: 0 } });
    const byCode = await people();
    const id = (code: string) => byCode.get(code)!._id;
    expect(byCode.get('ACM0001')!.managerId).toBe(String(boss.id));
    expect(byCode.get('ACM0002')!.managerId).toBe(id('ACM0001'));
    expect(byCode.get('ACM0003')!.managerId).toBe(id('ACM0001'));
    expect(byCode.get('ACM0004')!.managerId).toBeNull();
    const created = await t.ctx.database.db.selectFrom('audit_log').select('after_json').where('action', '=', 'employee.create').where('entity_id', '=', id('ACM0002')).executeTakeFirstOrThrow();
    expect(JSON.parse(created.after_json!)).toMatchObject({ employeeId: 'ACM0002', managerId: id('ACM0001') });
  });

  it('refuses an unknown code, the own code, a bad code, a leaver, a loop and a report of a refused row, naming row and field', async () => {
    const leaver = await t.employee({ name: 'Gone Person' });
    await t.app.inject({ method: 'DELETE', url: `/api/employee/${leaver.id}`, headers: admin() });
    const csv =
      HEAD +
      line('ACM0001') + // row 2: fine
      line('ACM0002', 'NOPE99') + // row 3: unknown
      line('ACM0003', 'acm0003') + // row 4: own code
      line('ACM0004', 'has space') + // row 5: not a code
      line('ACM0005', leaver.employeeId) + // row 6: a leaver
      line('ACM0006', 'ACM0007') + // row 7: its manager's row is refused
      line('ACM0007', 'ACM0006') + // row 8: loop
      line('ACM0008', 'ACM0002'); // row 9: reports to the refused row 3
    const res = await uploadEmployees(t, csv, '?dryRun=true');
    const answer = res.json();
    expect(res.statusCode).toBe(200);
    expect(answer.counts).toMatchObject({ added: 1, failed: 7 });
    expect(answer.errors).toEqual([
      'Row 3: managerEmployeeId: no employee has the code NOPE99',
      `Row 4: ${IMPORT_MANAGER_MSG.self}`,
      expect.stringMatching(/^Row 5: invalid managerEmployeeId "has space"/),
      `Row 6: managerEmployeeId: Gone Person (${leaver.employeeId}) has left the company and cannot be a manager`,
      'Row 7: managerEmployeeId: ACM0007 is on row 8, which was not imported',
      'Row 8: managerEmployeeId: ACM0006 already reports (directly or further up) to this employee, which would make a loop',
      'Row 9: managerEmployeeId: ACM0002 is on row 3, which was not imported',
    ]);
    // All or nothing: one refused line and nobody is added.
    const atomic = await uploadEmployees(t, csv, '?atomic=true');
    expect(atomic.json().counts.added).toBe(0);
    expect((await people()).has('ACM0001')).toBe(false);
  });

  it("lists a bad row's problems one by one beside the joined error", async () => {
    const res = await uploadEmployees(t, HEAD + 'ACM0001,Asha,bad@,Clerk,lots,has space\n', '?dryRun=true');
    const [row] = res.json().rows;
    expect(row.problems).toEqual([expect.stringMatching(/email/), expect.stringMatching(/^salary: /), expect.stringMatching(/^invalid managerEmployeeId "has space"/)]);
    expect(row.error).toBe(row.problems.join(', '));
    const kept = await uploadEmployees(t, HEAD + 'ACM0001,Asha,bad@,Clerk,lots,has space\n');
    const report = (await t.app.inject({ url: `/api/company/imports/${kept.json().reportId}`, headers: admin() })).json();
    expect(report.rows[0].problems).toHaveLength(3);
  });

  it('moves lines in update mode, refuses a loop with the lines already stored, and audits each move', async () => {
    await uploadEmployees(t, HEAD + line('ACM0001') + line('ACM0002', 'ACM0001') + line('ACM0003', 'ACM0002'));
    // ACM0001 under ACM0003 would loop through the stored lines; ACM0003 moving to ACM0001 is fine.
    const res = await uploadEmployees(t, 'employeeId,managerEmployeeId\nACM0001,ACM0003\nACM0003,ACM0001\nACM0002,ACM0001\n', '?mode=update');
    expect(res.json()).toMatchObject({
      counts: { updated: 1, unchanged: 1, failed: 1 },
      errors: ['Row 2: managerEmployeeId: ACM0003 already reports (directly or further up) to this employee, which would make a loop'],
    });
    const byCode = await people();
    expect(byCode.get('ACM0003')!.managerId).toBe(byCode.get('ACM0001')!._id);
    const moves = await t.ctx.database.db.selectFrom('audit_log').select(['entity_id', 'before_json', 'after_json']).where('action', '=', 'employee.manager-change').execute();
    expect(moves).toHaveLength(1);
    expect(JSON.parse(moves[0]!.after_json!)).toEqual({ employeeId: 'ACM0003', managerId: byCode.get('ACM0001')!._id });
  });
});
