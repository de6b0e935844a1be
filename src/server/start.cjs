// @ts-check
/**
 * `npm start`: the server as compiled JavaScript. Node runs no TypeScript loader at runtime: the
 * first start (and any start after the server's sources change) compiles src/server and src/shared
 * with esbuild into dist/server, file for file, in about a second, the way main.ts builds the web
 * app when it is missing or stale. Then it runs dist/server/server/main.js with the same arguments.
 *
 * esbuild only strips types; `npm run typecheck` is what checks them. A compiled tree is swapped in
 * whole, so two starts at once never run a half-written one. src/server/README.md, "Starting",
 * has the start time and memory with and without the loader.
 */
const cluster = require('node:cluster');
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '../..');
const SOURCES = ['src/server', 'src/shared'].map((p) => path.join(ROOT, p));
const OUT = path.join(ROOT, 'dist/server');
const MAIN = path.join(OUT, 'server/main.js');

/** The server's source files: tests are never part of the compiled tree. */
function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [file] : [];
  });
}

function isStale(files) {
  const builtAt = fs.statSync(MAIN, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  return !builtAt || files.some((file) => fs.statSync(file).mtimeMs > builtAt);
}

function build(files) {
  let esbuild;
  try {
    esbuild = require('esbuild');
  } catch {
    throw new Error('The server is not compiled and esbuild is not installed; run `npm install`.');
  }
  const staging = `${OUT}.building-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  esbuild.buildSync({
    entryPoints: files,
    outdir: staging,
    outbase: path.join(ROOT, 'src'),
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    logLevel: 'error',
  });
  const previous = `${OUT}.previous-${process.pid}`;
  if (fs.existsSync(OUT)) fs.renameSync(OUT, previous);
  try {
    fs.renameSync(staging, OUT);
  } catch (err) {
    // Another start swapped its own build in between: use that one.
    if (!fs.existsSync(MAIN)) throw err;
    fs.rmSync(staging, { recursive: true, force: true });
  }
  fs.rmSync(previous, { recursive: true, force: true });
}

// node:cluster workers run this file again; the primary has already compiled.
if (!cluster.isWorker) {
  const files = SOURCES.flatMap(sourceFiles);
  if (isStale(files)) {
    try {
      build(files);
    } catch (err) {
      console.error(`hr-portal: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
      process.exit(1);
    }
  }
}
process.setSourceMapsEnabled(true);
require(MAIN);
