/**
 * The SQLite driver for the Node running us. better-sqlite3 12 is built on Node's own ObjectWrap,
 * which Node 24.19 changed: its objects abort the process when collected after teardown
 * (`Assertion failed: (env) != nullptr`), so a test worker or a server stop dies with SIGABRT.
 * better-sqlite3 13 uses Node-API and ships its binaries in the package, but crashes on Node 20.
 * So Node 20 loads 12 (built at install against Node 20's headers) and Node 22 and later load 13
 * (installed under the alias `better-sqlite3-napi`). Their APIs are the same.
 */
import type BetterSqlite3 from 'better-sqlite3';

export type SqliteDatabase = BetterSqlite3.Database;
export type SqliteStatement = BetterSqlite3.Statement;

const NODE_API_FROM_MAJOR = 22;

function load(): typeof BetterSqlite3 {
  const nodeApi = Number(process.versions.node.split('.')[0]) >= NODE_API_FROM_MAJOR;
  try {
    // Requires, not imports: only the build for this Node may be loaded (or even be installed).
    /* eslint-disable @typescript-eslint/no-require-imports */
    return (nodeApi ? require('better-sqlite3-napi') : require('better-sqlite3')) as typeof BetterSqlite3;
    /* eslint-enable @typescript-eslint/no-require-imports */
  } catch (error) {
    const name = nodeApi ? 'better-sqlite3-napi' : 'better-sqlite3';
    throw new Error(`The SQLite driver for Node ${process.versions.node} (${name}) is not installed or did not build; run \`npm install\`.`, { cause: error });
  }
}

const SQLite = load();
export default SQLite;
