/**
 * Figure 7, the browser (system Chromium through playwright-core):
 * - the gzipped bytes of every script the login route loads, beside the floor of the vendor
 *   libraries alone (a tiny webpack production bundle that imports and uses react, react-dom,
 *   RTK Query, react-redux, react-router, xstate, @xstate/react and jwt-decode), both gzipped at
 *   level 9; and that the admin and employee chunks were NOT requested there;
 * - time to a usable login form: navigation start to the 'Admin Login' button being enabled;
 * - first render of the employee list with every seeded employee: navigation start (token already
 *   in localStorage) to the first row being visible.
 * Times come from performance.now() in the page (its origin is navigation start), recorded by a
 * MutationObserver the moment the DOM changes, in a fresh browser context (cold cache) each run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import webpack from 'webpack';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../../e2e/harness';
import { TOKEN_STORAGE_KEY } from '../../shared/constants';
import { LABELS } from '../../client/copy';
import { int, kb, ms, ratio, type EngineSetting, type FigureResult } from '../bench-types';
import { ROOT } from '../processes';

const gzip = (data: Buffer) => zlib.gzipSync(data, { level: 9 }).length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? NaN;

/** What the vendor floor bundle imports, and uses so none of it is shaken away. */
const VENDOR_ENTRY = `
import { createElement, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { configureStore } from '@reduxjs/toolkit';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { Provider, useSelector } from 'react-redux';
import { createBrowserRouter, RouterProvider, Link, useNavigate } from 'react-router-dom';
import { setup, assign } from 'xstate';
import { useMachine } from '@xstate/react';
import { jwtDecode } from 'jwt-decode';

const api = createApi({
  baseQuery: fetchBaseQuery({ baseUrl: '/api' }),
  tagTypes: ['Item'],
  endpoints: (b) => ({
    items: b.query({ query: () => 'items', providesTags: ['Item'] }),
    save: b.mutation({ query: (body) => ({ url: 'items', method: 'POST', body }), invalidatesTags: ['Item'] }),
  }),
});
const store = configureStore({ reducer: { [api.reducerPath]: api.reducer }, middleware: (g) => g().concat(api.middleware) });
const machine = setup({ actions: { count: assign({ n: ({ context }) => context.n + 1 }) }, delays: { later: 1000 } }).createMachine({
  context: { n: 0 },
  initial: 'idle',
  states: { idle: { on: { GO: { target: 'busy', actions: 'count' } } }, busy: { after: { later: 'idle' } } },
});
function App() {
  const [state, send] = useMachine(machine);
  const items = api.useItemsQuery(undefined, { pollingInterval: 10000 });
  const [save] = api.useSaveMutation();
  const keys = useSelector((s) => Object.keys(s).length);
  const navigate = useNavigate();
  const [claims] = useState(() => { try { return jwtDecode(localStorage.getItem('token') || ''); } catch { return null; } });
  return createElement('main', null,
    createElement('p', null, String(state.value), state.context.n, keys, JSON.stringify(items.data ?? claims)),
    createElement(Link, { to: '/next' }, 'next'),
    createElement('button', { onClick: () => { send({ type: 'GO' }); save({}); navigate('/'); } }, 'go'));
}
const router = createBrowserRouter([{ path: '*', element: createElement(App) }]);
createRoot(document.getElementById('root')).render(createElement(Provider, { store }, createElement(RouterProvider, { router })));
`;

/**
 * Builds the vendor floor bundle with webpack (production) and returns its gzipped size. The build
 * runs inside the repository (dist/bench), so packages resolve exactly as for the app's bundle, and
 * its result is cached against the lockfile and the entry, which are all it depends on.
 */
export async function vendorFloorGzip(): Promise<{ bytes: number; gzipped: number; cached: boolean }> {
  const base = path.join(ROOT, 'dist/bench');
  const cacheFile = path.join(base, 'vendor-floor.json');
  const lock = path.join(ROOT, 'package-lock.json');
  const key = createHash('sha256')
    .update(fs.existsSync(lock) ? fs.readFileSync(lock) : '')
    .update(VENDOR_ENTRY)
    .digest('hex');
  try {
    const cached = JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as { key: string; bytes: number; gzipped: number };
    if (cached.key === key) return { bytes: cached.bytes, gzipped: cached.gzipped, cached: true };
  } catch {
    // No cache yet.
  }
  fs.mkdirSync(base, { recursive: true });
  const dir = fs.mkdtempSync(path.join(base, 'vendor-floor-'));
  try {
    fs.writeFileSync(path.join(dir, 'entry.js'), VENDOR_ENTRY);
    const compiler = webpack({
      mode: 'production',
      context: dir,
      entry: './entry.js',
      output: { path: path.join(dir, 'out'), filename: 'vendor.js' },
      devtool: false,
      performance: { hints: false },
    });
    await new Promise<void>((resolve, reject) =>
      compiler.run((err, stats) => {
        compiler.close(() => {});
        if (err || stats?.hasErrors()) reject(err ?? new Error(stats!.toString('errors-only')));
        else resolve();
      }),
    );
    const files = fs.readdirSync(path.join(dir, 'out')).filter((f) => f.endsWith('.js'));
    const contents = files.map((f) => fs.readFileSync(path.join(dir, 'out', f)));
    const result = { bytes: contents.reduce((n, c) => n + c.length, 0), gzipped: contents.reduce((n, c) => n + gzip(c), 0) };
    fs.writeFileSync(cacheFile, JSON.stringify({ key, ...result }));
    return { ...result, cached: false };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** An init script: records performance.now() into window[key] once `selector`'s test passes. */
function probe(key: string, test: string): string {
  return `(() => {
    const done = () => { try { return (${test})(); } catch { return false; } };
    const check = () => { if (window.${key} === undefined && done()) { window.${key} = performance.now(); observer.disconnect(); } };
    const observer = new MutationObserver(check);
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  })();`;
}

const LOGIN_READY = `() => {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === ${JSON.stringify(LABELS.adminLogin)});
  return !!button && !button.disabled && !button.closest('fieldset:disabled');
}`;
const FIRST_ROW = `() => {
  const row = document.querySelector('tbody tr[aria-rowindex="2"]');
  return !!row && row.getBoundingClientRect().height > 0;
}`;

async function timedLoad(browser: Browser, url: string, key: string, test: string, init?: string): Promise<{ at: number; page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext();
  if (init) await context.addInitScript(init);
  await context.addInitScript(probe(key, test));
  const page = await context.newPage();
  // What the page asked the API and said, for the error message when it never gets there.
  const trail: string[] = [];
  const started = Date.now();
  page.on('response', (r) => {
    if (r.url().includes('/api/')) trail.push(`${Date.now() - started} ms ${r.status()} ${new URL(r.url()).pathname}`);
  });
  page.on('requestfailed', (r) => trail.push(`${Date.now() - started} ms failed ${new URL(r.url()).pathname}: ${r.failure()?.errorText}`));
  page.on('pageerror', (e) => trail.push(`page error: ${e.message}`));
  try {
    await page.goto(url, { waitUntil: 'commit' });
    const handle = await page.waitForFunction((k) => (window as unknown as Record<string, number | undefined>)[k], key, { timeout: 60_000 });
    return { at: (await handle.jsonValue()) as number, page, close: () => context.close() };
  } catch (err) {
    const text = await page.evaluate(() => document.body?.innerText.slice(0, 300) ?? '').catch(() => '');
    await context.close();
    throw new Error(`${(err as Error).message.split('\n')[0]} at ${url}; API: ${trail.join('; ') || 'no calls'}; page: ${JSON.stringify(text)}`, { cause: err });
  }
}

/** Login-route scripts, the lazy chunks, and time to a usable login form. Engine-independent. */
export async function measureLoginRoute(serverUrl: string, runs: number): Promise<FigureResult> {
  const floor = await vendorFloorGzip();
  const assets = path.join(ROOT, 'dist/client/assets');
  const lazyChunks = fs.existsSync(assets) ? fs.readdirSync(assets).filter((f) => /^(admin|employee)\.[0-9a-f]+\.js$/.test(f)) : [];

  const browser = await launchBrowser();
  try {
    // One load that records every script it fetches.
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: Promise<{ url: string; bytes: number; gzipped: number }>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() !== 'script') return;
      scripts.push(res.body().then((body) => ({ url: res.url(), bytes: body.length, gzipped: gzip(body) })));
    });
    await page.goto(`${serverUrl}/`, { waitUntil: 'networkidle' });
    const loaded = await Promise.all(scripts);
    await context.close();
    const names = loaded.map((s) => path.basename(new URL(s.url).pathname));
    const lazyLoaded = names.filter((n) => lazyChunks.includes(n));
    const total = loaded.reduce((n, s) => n + s.gzipped, 0);

    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const load = await timedLoad(browser, `${serverUrl}/`, '__loginReadyAt', LOGIN_READY);
      times.push(load.at);
      await load.close();
    }
    const r = ratio(total, floor.gzipped);
    return {
      raw: { scripts: loaded, vendorFloor: floor, lazyChunks, lazyLoaded, loginReadyMs: times },
      rows: [
        {
          id: 'browser.login.js',
          group: 7,
          label: `JS loaded by the login route, gzipped (${loaded.length} scripts)`,
          value: kb(total),
          floor: `${kb(floor.gzipped)} (vendor libraries alone)`,
          ratio: r,
          target: '≤ 1.2 × floor',
          pass: r !== null && r <= 1.2,
          note: loaded.map((s) => `${path.basename(new URL(s.url).pathname)} ${kb(s.gzipped)}`).join(', '),
        },
        {
          id: 'browser.lazy',
          group: 7,
          label: 'Admin and employee chunks not requested on the login route',
          value: lazyLoaded.length ? `requested: ${lazyLoaded.join(', ')}` : `not requested (${lazyChunks.join(', ') || 'no such chunks built'})`,
          floor: '—',
          ratio: null,
          target: 'lazy',
          pass: lazyChunks.length >= 2 && lazyLoaded.length === 0,
        },
        {
          id: 'browser.login.ready',
          group: 7,
          label: `Time to a usable login form (median of ${runs}, cold cache)`,
          value: ms(median(times)),
          floor: '—',
          ratio: null,
          target: '—',
          pass: null,
          note: `runs: ${times.map((t) => Math.round(t)).join(', ')} ms`,
        },
      ],
    };
  } finally {
    await browser.close();
  }
}

/** First render of /admin/employees/list with every employee of the setting's database. */
export async function measureEmployeeList(s: EngineSetting): Promise<FigureResult> {
  const browser = await launchBrowser();
  try {
    const times: number[] = [];
    const listArrived: number[] = [];
    let domRows = 0;
    const token = `localStorage.setItem(${JSON.stringify(TOKEN_STORAGE_KEY)}, ${JSON.stringify(s.adminToken)});`;
    for (let i = 0; i < s.sizes.browserRuns; i++) {
      const load = await timedLoad(browser, `${s.server.url}/admin/employees/list`, '__firstRowAt', FIRST_ROW, token);
      times.push(load.at);
      domRows = await load.page.evaluate(() => document.querySelectorAll('tbody tr').length);
      // When the list's JSON had fully arrived (resource timing, same clock): the rest is parse and render.
      listArrived.push(
        await load.page.evaluate(() => {
          const entry = performance.getEntriesByType('resource').find((e) => /\/api\/employee(\?|$)/.test(e.name)) as PerformanceResourceTiming | undefined;
          return entry ? entry.responseEnd : NaN;
        }),
      );
      await load.close();
    }
    const people = s.seed.employees.length;
    const first = median(times);
    return {
      raw: { firstRowMs: times, listArrivedMs: listArrived, domRows },
      rows: [
        {
          id: 'browser.list.first',
          group: 7,
          label: `Employee list first render, ${int(people)} employees (median of ${times.length}, cold cache)`,
          value: ms(first),
          floor: '—',
          ratio: null,
          target: '< 1,000 ms',
          pass: first < 1000,
          note:
            `runs: ${times.map((t) => Math.round(t)).join(', ')} ms; GET /api/employee fully received at ${listArrived.map((t) => Math.round(t)).join(', ')} ms; ` +
            `${domRows} rows in the DOM (virtualized)`,
        },
      ],
    };
  } finally {
    await browser.close();
  }
}
