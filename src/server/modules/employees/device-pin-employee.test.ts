/**
 * An employee's device PIN through Add and Edit Employee and the employee import, on both engines:
 * unique (a PIN someone has is a 400 naming them, marked on the field), leading zeros dropped, the
 * code's digits by default, and punches that waited under a PIN applied once someone has it.
 */
import type { AddressInfo } from 'node:net';
import { auth, createTestApp, engines, type TestApp } from '../../test/test-app';
import { istDeviceTime, SimulatedDevice } from '../devices';
import { csvFile } from '../../test/multipart';

describe.each(engines)('device PINs of employees on %s', (engine) => {
  let t: TestApp;
  let base: string;
  const admin = () => auth(t.admin.token);
  const add = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/employee', headers: admin(), payload: { position: 'Fitter', salary: 30000, ...payload } });
  const get = async (id: string) => (await t.app.inject({ url: `/api/employee/${id}`, headers: admin() })).json() as { devicePin: string | null; employeeId: string; name: string; email: string };
  const upload = (csv: string, query = '?mode=upsert') => {
    const body = csvFile(csv);
    return t.app.inject({ method: 'POST', url: `/api/employee/upload${query}`, headers: { ...admin(), ...body.headers }, payload: body.payload });
  };

  beforeAll(async () => {
    t = await createTestApp(engine);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('takes a PIN on Add Employee, drops leading zeros, refuses one someone has, and defaults to the code digits', async () => {
    const a = await add({ name: 'Kavya Iyer', email: 'kavya.iyer@example.com', employeeId: 'PIN0700', devicePin: '0042' });
    expect(a.statusCode).toBe(200);
    expect((await get(a.json()._id)).devicePin).toBe('42');
    const taken = await add({ name: 'Rohan Mehta', email: 'rohan.mehta@example.com', devicePin: '42' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toEqual({ msg: 'devicePin 42 already belongs to PIN0700', fieldErrors: { devicePin: 'devicePin 42 already belongs to PIN0700' } });
    const bad = await add({ name: 'Rohan Mehta', email: 'rohan.mehta@example.com', devicePin: '12a' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({ devicePin: 'devicePin must be 1 to 9 digits' });
    const byCode = await add({ name: 'Rohan Mehta', email: 'rohan.mehta@example.com', employeeId: 'PIN0701' });
    expect((await get(byCode.json()._id)).devicePin).toBe('701');
    const none = await add({ name: 'Meera Das', email: 'meera.das@example.com', employeeId: 'PIN0702', devicePin: null });
    expect((await get(none.json()._id)).devicePin).toBeNull();
  });

  it('changes a PIN on Edit Employee, audited, applying punches that waited under it; employees cannot', async () => {
    const e = await t.employee({ name: 'Sunil Kumar' });
    const day = istDeviceTime(new Date(Date.now() - 2 * 86_400_000)).slice(0, 10);
    expect((await t.app.inject({ method: 'POST', url: '/api/devices', headers: admin(), payload: { serialNumber: 'PINGATE1', name: 'Gate' } })).statusCode).toBe(201);
    await new SimulatedDevice(base, 'PINGATE1').pushAttlog([['8801', `${day} 09:12:00`], ['8801', `${day} 18:40:00`]]);
    const before = await get(String(e.id));
    const edit = (devicePin: string | null, token = t.admin.token) =>
      t.app.inject({ method: 'PUT', url: `/api/employee/edit/${e.id}`, headers: auth(token), payload: { name: before.name, email: before.email, devicePin } });
    expect((await edit('42')).statusCode).toBe(400);
    expect((await edit('8801')).statusCode).toBe(200);
    expect((await get(String(e.id))).devicePin).toBe('8801');
    const days = await t.ctx.database.db.selectFrom('attendance').selectAll().where('user_id', '=', e.id).execute();
    expect(days).toEqual([expect.objectContaining({ date: day, source: 'device' })]);
    const audit = await t.ctx.database.db.selectFrom('audit_log').select(['before_json', 'after_json']).where('action', '=', 'employee.update').where('entity_id', '=', String(e.id)).execute();
    expect(audit.map((a) => JSON.parse(a.after_json!).devicePin)).toContain('8801');
    expect((await edit(null, e.token)).statusCode).toBe(403);
    expect((await edit(null)).statusCode).toBe(200);
    expect((await get(String(e.id))).devicePin).toBeNull();
  });

  it('reads a devicePin column in the import: unique in the file and in the company', async () => {
    const csv = [
      'employeeId,name,email,position,salary,devicePin',
      'IMP0001,Anita Joshi,anita.joshi@example.com,Clerk,25000,0501',
      'IMP0002,Farhan Ali,farhan.ali@example.com,Clerk,25000,501',
      'IMP0003,Gita Rao,gita.rao@example.com,Clerk,25000,42',
      'IMP0004,Harsh Vora,harsh.vora@example.com,Clerk,25000,12x',
      'IMP0005,Isha Sen,isha.sen@example.com,Clerk,25000,',
    ].join('\n');
    const dry = await upload(csv, '?mode=upsert&dryRun=true');
    expect(dry.statusCode).toBe(200);
    const res = await upload(csv);
    expect(res.statusCode).toBe(200);
    const errors = res.json().errors as string[];
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/Row 3: .*duplicate devicePin 501 \(also on row 2\)/),
        expect.stringMatching(/Row 4: .*devicePin 42 already belongs to PIN0700/),
        expect.stringMatching(/Row 5: .*devicePin must be 1 to 9 digits/),
      ]),
    );
    const list = (await t.app.inject({ url: '/api/employee', headers: admin() })).json() as { employeeId: string; devicePin: string | null }[];
    const pinOf = (code: string) => list.find((x) => x.employeeId === code)?.devicePin;
    expect(pinOf('IMP0001')).toBe('501');
    expect(pinOf('IMP0005')).toBe('5');
    // An update by the file moves nothing else.
    expect((await upload('employeeId,devicePin\nIMP0001,777', '?mode=update')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/employee', headers: admin() })).json().find((x: { employeeId: string }) => x.employeeId === 'IMP0001').devicePin).toBe('777');
  });
});
