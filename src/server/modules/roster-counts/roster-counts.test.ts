import { CompiledQuery } from 'kysely';
import { createTestApp, type TestApp, type TestEmployee } from '../../test/test-app';
import { activeEmployeesQuery, onLeaveQuery, openTasksQuery, pendingLeavesQuery, presentDaysQuery } from './roster-counts';

const TODAY = '2026-03-10';

// No timing here (the machine may be busy): SQLite's planner says whether each count reads an index.
describe('the roster counts on sqlite', () => {
  let t: TestApp;
  let alice: TestEmployee;

  beforeAll(async () => {
    t = await createTestApp('sqlite');
    alice = await t.employee({ name: 'Alice' });
  });
  afterAll(() => t.close());

  it('every count is answered from an index, never a scan of a whole table', async () => {
    const db = t.ctx.database.db;
    const plan = async (query: { compile(): CompiledQuery }) => {
      const { sql, parameters } = query.compile();
      const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`EXPLAIN QUERY PLAN ${sql}`, [...parameters]));
      return rows.map((r) => r.detail).join(' | ');
    };
    expect(await plan(pendingLeavesQuery(db))).toMatch(/USING (COVERING )?INDEX leaves_status_end_idx/);
    expect(await plan(onLeaveQuery(db, TODAY))).toMatch(/SEARCH l USING INDEX leaves_status_end_idx/);
    expect(await plan(openTasksQuery(db))).toMatch(/USING (COVERING )?INDEX tasks_status_idx/);
    expect(await plan(openTasksQuery(db, alice.id))).toMatch(/SEARCH tasks USING (COVERING )?INDEX/);
    expect(await plan(presentDaysQuery(db, alice.id, '2026-03-01', TODAY))).toMatch(/SEARCH attendance USING INDEX/);
    // The roster count walks employees once and finds each account by its key.
    expect(await plan(activeEmployeesQuery(db))).toMatch(/SEARCH u USING INTEGER PRIMARY KEY|SEARCH e USING/);
  });
});
