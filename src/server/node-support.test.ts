/** Which Node versions may open SQLite (see node-support.ts for why 24.19 and later may not). */
import { sqliteRuntimeProblem } from './node-support';

describe('sqliteRuntimeProblem', () => {
  it.each(['v20.19.0', 'v20.20.2', 'v22.23.2', 'v24.18.1', 'v26.12.1'])('lets %s open SQLite', (version) => {
    expect(sqliteRuntimeProblem(version)).toBeNull();
  });

  it.each(['v24.19.0', 'v24.21.0', 'v24.100.0'])('refuses %s with the way out', (version) => {
    expect(sqliteRuntimeProblem(version)).toMatch(/run Node 20, 22 or 26, or set DATABASE_URL/);
  });
});
