/**
 * The statutory columns of the employee import as a spreadsheet gives them: yes/no flags and rupee
 * amounts read for every such field, and a row whose person facts do not hold (born after joining)
 * refused as that row's error while the other rows import.
 */
import { EMPLOYEE_MSG } from '../employee-records';
import { auth, createTestApp, engines, type TestApp } from '../../test/test-app';
import { uploadEmployees } from '../../test/multipart';

describe.each(engines)('statutory columns in the employee import on %s', (engine) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(engine);
  });
  afterEach(() => t.close());

  const get = (url: string) => t.app.inject({ url, headers: auth(t.admin.token) });
  const HEAD = 'employeeId,name,email,position,salary,joiningDate,statutory.dateOfBirth,statutory.personWithDisability,statutory.pfWageAtJoining,statutory.pfFirstJoinedOn\n';

  it('reads yes/no and rupees in every such column, and refuses a row born after joining as that row only', async () => {
    const res = await uploadEmployees(
      t,
      HEAD +
        'ACM0001,Asha Rao,asha@acme.in,Clerk,"25,000",01/04/2022,15/08/1990,yes,"₹15,000",01/04/2022\n' +
        'ACM0002,Ravi Iyer,ravi@acme.in,Clerk,"25,000",01/04/2022,01/01/2023,no,,\n' +
        'ACM0003,Meera Shah,meera@acme.in,Clerk,"25,000",01/04/2022,,maybe,lots,\n',
    );
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.counts).toMatchObject({ added: 1, failed: 2 });
    expect(answer.errors[0]).toMatch(/^Row 3: .*2023-01-01/);
    expect(answer.rows[2].problems).toEqual([expect.stringMatching(/^statutory\.pfWageAtJoining: "lots" is not an amount/), 'statutory.personWithDisability must be yes or no ("maybe")']);
    const list = (await get('/api/employee')).json() as { _id: string; employeeId: string }[];
    const asha = (await get(`/api/employee/${list[0]!._id}`)).json();
    expect(asha.statutory).toMatchObject({ dateOfBirth: '1990-08-15', personWithDisability: true, pfWageAtJoining: 15000, pfFirstJoinedOn: '2022-04-01' });
  });

  it('checks an update against the details already saved', async () => {
    await uploadEmployees(t, HEAD + 'ACM0001,Asha Rao,asha@acme.in,Clerk,"25,000",01/04/2022,15/08/1990,no,,\n');
    const res = await uploadEmployees(t, 'employeeId,statutory.pfFirstJoinedOn\nACM0001,01/01/1985\n', '?mode=update');
    expect(res.json()).toMatchObject({ counts: { updated: 0, failed: 1 } });
    expect(res.json().errors[0]).toMatch(/^Row 2: /);
  });

  // A going-live file carries people who already left: a new row keeps its leaving date. Someone on
  // the roster leaves through Record exit, which checks notice, settlement and approved payroll.
  it('adds a past leaver with their leaving date, and refuses an update row that changes one, in the preview and the import', async () => {
    const added = await uploadEmployees(
      t,
      'employeeId,name,email,position,salary,joiningDate,statutory.leftOn\n' +
        'ACM0001,Asha Rao,asha@acme.in,Clerk,"25,000",01/04/2022,\n' +
        'ACM0002,Ravi Iyer,ravi@acme.in,Clerk,"25,000",01/04/2022,31/03/2026\n',
    );
    expect(added.json().counts).toMatchObject({ added: 2, failed: 0 });
    const ids = new Map(((await get('/api/employee?status=all')).json() as { _id: string; employeeId: string; leftOn: string | null }[]).map((e) => [e.employeeId, e]));
    expect([ids.get('ACM0001')!.leftOn, ids.get('ACM0002')!.leftOn]).toEqual([null, '2026-03-31']);

    // Asha's row changes her leaving date; Ravi's carries his back as it is.
    const file = 'employeeId,position,statutory.leftOn\nACM0001,Senior Clerk,30/11/2026\nACM0002,Senior Clerk,31/03/2026\n';
    const refused = `statutory.leftOn: ${EMPLOYEE_MSG.leavingDateByExit}`;
    for (const query of ['?mode=update&dryRun=true', '?mode=upsert']) {
      const res = await uploadEmployees(t, file, query);
      expect(res.statusCode).toBe(200);
      expect(res.json().rows).toEqual([
        { row: 2, employeeId: 'ACM0001', result: 'failed', error: refused },
        { row: 3, employeeId: 'ACM0002', result: 'updated' },
      ]);
      expect(res.json().errors).toEqual([`Row 2: ${refused}`]);
    }
    const asha = (await get(`/api/employee/${ids.get('ACM0001')!._id}`)).json();
    expect([asha.position, asha.statutory.leftOn]).toEqual(['Clerk', null]);
    const ravi = (await get(`/api/employee/${ids.get('ACM0002')!._id}`)).json();
    expect([ravi.position, ravi.statutory.leftOn]).toEqual(['Senior Clerk', '2026-03-31']);
    // An empty cell leaves the date as it is.
    const empty = await uploadEmployees(t, 'employeeId,statutory.leftOn\nACM0002,\n', '?mode=update');
    expect(empty.json().counts).toMatchObject({ unchanged: 1, failed: 0 });
    expect((await get(`/api/employee/${ids.get('ACM0002')!._id}`)).json().statutory.leftOn).toBe('2026-03-31');
  });
});
