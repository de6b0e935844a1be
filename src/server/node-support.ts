/**
 * Node 24.19 changed how native objects are freed, and better-sqlite3 12 (the last major that runs on
 * Node 20) aborts the whole process when the garbage collector frees one of its statements there
 * (nodejs/node#65446, WiseLibs/better-sqlite3#1515). Node 20, 22 and 26 are not affected, and neither
 * is PostgreSQL, which does not load the addon. So on an affected Node the server refuses to open
 * SQLite at start rather than crash at some later write.
 */
export function sqliteRuntimeProblem(nodeVersion: string): string | null {
  const [major = 0, minor = 0] = nodeVersion.replace(/^v/, '').split('.').map(Number);
  if (major !== 24 || minor < 19) return null;
  return `Node ${nodeVersion} aborts when better-sqlite3 frees a statement; run Node 20, 22 or 26, or set DATABASE_URL to use PostgreSQL.`;
}
