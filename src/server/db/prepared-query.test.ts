import { createTestApp, engines, type TestApp } from '../test/test-app';
import { prepareQuery } from './prepared-query';

describe.each(engines)('prepareQuery on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('runs the compiled query with each call’s arguments, in their places', async () => {
    const a = await t.employee({ name: 'Asha Rao' });
    const b = await t.employee({ name: 'Bala Iyer' });
    const { db } = t.ctx.database;
    // The arguments are used in the opposite order to their declaration, beside a fixed value.
    const byIdAndRole = prepareQuery(db, (id: number, role: 'admin' | 'employee') =>
      db.selectFrom('users').select(['id', 'name']).where('role', '=', role).where('email', 'like', '%@%').where('id', '=', id),
    );
    await expect(byIdAndRole(a.id, 'employee')).resolves.toEqual([{ id: a.id, name: 'Asha Rao' }]);
    await expect(byIdAndRole(b.id, 'employee')).resolves.toEqual([{ id: b.id, name: 'Bala Iyer' }]);
    await expect(byIdAndRole(b.id, 'admin')).resolves.toEqual([]);
  });

  it('refuses a builder that leaves an argument out of the query', () => {
    const { db } = t.ctx.database;
    expect(() => prepareQuery(db, (_id: number) => db.selectFrom('users').select('id').where('id', '=', 1))).toThrow(/whole parameter/);
  });
});
