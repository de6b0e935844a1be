/**
 * What the hand-run screenshot scripts (shots-*.ts) share: a server, a browser and an API client for
 * the script's setup; a pass over the two sizes a reviewer looks at, each with a fresh page and a
 * `shot` that writes `<out>/<size>-<name>.png`; sign-in and sign-out; the data the scripts set up,
 * through the API or straight in the server's SQLite file; and a stand-in for jest's expect, which
 * the harness's API helpers call and which is absent outside jest. SHOTS_PORT, when
 * set, is the port of the server a script starts (otherwise any free one).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { request, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from 'playwright-core';
import { hashPassword } from '../server/auth/passwords';
import SQLite, { type SqliteDatabase } from '../server/db/sqlite-driver';
import { datesOfMonth, weekdayOf } from '../shared/payroll/pay-month';
import { adminToken, COMPANY_ZONE, launchBrowser, signIn, startServer, type RunningServer } from './harness';

Object.assign(globalThis, {
  expect: (actual: unknown) => ({
    toBe: (expected: unknown) => {
      if (actual !== expected) throw new Error(`expected ${String(expected)}, got ${String(actual)}`);
    },
    toMatch: (re: RegExp) => {
      if (!re.test(String(actual))) throw new Error(`expected ${String(actual)} to match ${re}`);
    },
  }),
});

const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

interface ShotKit {
  /** The folder the PNGs go to: the script's first argument, made if missing. */
  out: string;
  url: string;
  browser: Browser;
  /** For setting up data through the API. */
  api: APIRequestContext;
}

/** A screenshot script's run against a server of its own, with a fresh data folder. */
export interface ServerShotKit extends ShotKit {
  server: RunningServer;
}

/**
 * Runs a screenshot script against a server it starts (with `env` on top of the harness's): the
 * output folder is the first command-line argument, else `defaultOut`. Everything is stopped
 * afterwards; a failure is printed and the process exits 1.
 */
export function runShots(defaultOut: string, body: (kit: ServerShotKit) => Promise<void>, env: Record<string, string> = {}): void {
  run(async () => {
    // SHOTS_PORT keeps the server inside a port range given to whoever runs the script.
    const server = await startServer({ ...(process.env.SHOTS_PORT ? { PORT: process.env.SHOTS_PORT } : {}), ...env });
    try {
      await withBrowser(defaultOut, server.url, (kit) => body({ ...kit, server }));
    } finally {
      await server.stop();
    }
  });
}

/** Runs a screenshot script against a server already running at `url` (seeded data, say). */
export function runShotsAgainst(url: string, defaultOut: string, body: (kit: ShotKit) => Promise<void>): void {
  run(() => withBrowser(defaultOut, url, body));
}

function run(script: () => Promise<void>) {
  script().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

async function withBrowser(defaultOut: string, url: string, body: (kit: ShotKit) => Promise<void>) {
  const out = process.argv[2] ?? defaultOut;
  fs.mkdirSync(out, { recursive: true });
  const browser = await launchBrowser();
  const api = await request.newContext({ baseURL: url });
  try {
    await body({ out, url, browser, api });
  } finally {
    await api.dispose();
    await browser.close();
  }
}

export interface ShotView {
  viewport: (typeof VIEWPORTS)[number];
  phone: boolean;
  context: BrowserContext;
  page: Page;
  /** Writes `<out>/<size>-<name>.png` of `page` (another page when given); `fullPage` defaults to the pass's. */
  shot(name: string, options?: { fullPage?: boolean; page?: Page }): Promise<void>;
  /** Writes `<out>/<size>-<name>.png` of one element. */
  shotOf(element: Locator, name: string): Promise<void>;
  /** Another browser context of the same size and zone (a second person at the same time); the caller closes it. */
  newContext(): Promise<BrowserContext>;
  /** Forgets the session (cookie and stored token), so the next sign-in starts afresh. */
  signOut(): Promise<void>;
}

/**
 * Runs `pass` at each size, desktop then phone, in a fresh browser context in the company's zone,
 * closed afterwards. Shots cover the whole page on the phone only, unless `fullPage` says otherwise.
 */
export async function eachViewport(
  kit: ShotKit,
  pass: (view: ShotView) => Promise<void>,
  options: { fullPage?: boolean; context?: BrowserContextOptions } = {},
): Promise<void> {
  for (const viewport of VIEWPORTS) {
    const phone = viewport.name === 'phone';
    const file = (name: string) => path.join(kit.out, `${viewport.name}-${name}.png`);
    const contextOptions = { baseURL: kit.url, viewport, timezoneId: COMPANY_ZONE, ...options.context };
    const context = await kit.browser.newContext(contextOptions);
    const page = await context.newPage();
    try {
      await pass({
        viewport,
        phone,
        context,
        page,
        shot: async (name, shotOptions = {}) => {
          await (shotOptions.page ?? page).screenshot({ path: file(name), fullPage: shotOptions.fullPage ?? options.fullPage ?? phone });
        },
        shotOf: async (element, name) => {
          await element.screenshot({ path: file(name) });
        },
        newContext: () => kit.browser.newContext(contextOptions),
        signOut: async () => {
          await context.clearCookies();
          await page.evaluate(() => localStorage.clear());
        },
      });
    } finally {
      await context.close();
    }
  }
}

/** Signs an employee in through the login page and waits for their dashboard. */
export async function signInAsEmployee(page: Page, person: { email: string; password: string }): Promise<void> {
  await signIn(page, 'Employee', person.email, person.password);
  await page.waitForURL((url) => url.pathname.startsWith('/employee'));
}

/** An employee's session token, for filing their requests through the API. */
export async function employeeToken(api: APIRequestContext, person: { email: string; password: string }): Promise<string> {
  const login = await api.post('/api/auth/employee-login', { data: { email: person.email, password: person.password } });
  if (login.status() !== 200) throw new Error(`employee login: ${login.status()} ${await login.text()}`);
  return ((await login.json()) as { token: string }).token;
}

/** The session of the admin of a seeded server (ADMIN_EMAIL, ADMIN_PASSWORD), as headers for API calls. */
export async function seededAdminHeaders(api: APIRequestContext): Promise<{ 'x-auth-token': string }> {
  const login = await api.post('/api/auth/admin-login', { data: { email: process.env.ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD } });
  if (login.status() !== 200) throw new Error(`admin login: ${login.status()}`);
  return { 'x-auth-token': ((await login.json()) as { token: string }).token };
}

/** The server's SQLite file in `dataDir`, for what a script writes straight in; it waits out the server's own writes. */
export function openDataFile(dataDir: string): SqliteDatabase {
  const db = new SQLite(path.join(dataDir, 'hr-portal.sqlite'));
  db.pragma('busy_timeout = 5000');
  return db;
}

/** The user ids of everyone with an employee record, in order. */
export function employeeUserIds(db: SqliteDatabase): number[] {
  return (db.prepare('select user_id from employees order by user_id').all() as { user_id: number }[]).map((r) => r.user_id);
}

/** Gives a person a password (seeded people have none), so the script can sign in as them. */
export async function givePassword(db: SqliteDatabase, userId: number, password: string): Promise<void> {
  db.prepare('update users set password_hash = ? where id = ?').run(await hashPassword(password, 10), userId);
}

/**
 * Marks each of `userIds` present, in at 09:15 and out at 18:00 India time, on every day of `months`
 * but Sundays and the days `absent(index of the person, month)` names, in one transaction.
 */
function markPresent(db: SqliteDatabase, userIds: readonly number[], months: readonly string[], absent: (i: number, month: string) => readonly string[] = () => []): void {
  const insert = db.prepare('insert into attendance (user_id, date, status, punch_in, punch_out) values (?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (const month of months) {
      const days = datesOfMonth(month).filter((d) => weekdayOf(d) !== 0);
      for (const [i, userId] of userIds.entries()) {
        const away = absent(i, month);
        for (const date of days) if (!away.includes(date)) insert.run(userId, date, 'P', `${date}T03:45:00.000Z`, `${date}T12:30:00.000Z`);
      }
    }
  })();
}

interface ShotPerson {
  name: string;
  email: string;
  position: string;
  salary: number;
  joiningDate: string;
  statutory?: object;
}

/** Adds each person through the API, then their statutory details when given: their ids and employee codes, in order. */
async function addPeople(api: APIRequestContext, headers: { 'x-auth-token': string }, people: readonly ShotPerson[]): Promise<{ id: number; employeeId: string }[]> {
  const added = [];
  for (const p of people) {
    const created = await api.post('/api/employee', { headers, data: { name: p.name, email: p.email, position: p.position, salary: p.salary, joiningDate: p.joiningDate } });
    if (created.status() !== 200) throw new Error(`add ${p.name}: ${created.status()} ${await created.text()}`);
    const body = (await created.json()) as { _id: string; employeeId: string };
    added.push({ id: Number(body._id), employeeId: body.employeeId });
    if (!p.statutory) continue;
    const saved = await api.put(`/api/employee/edit/${body._id}`, { headers, data: { name: p.name, email: p.email, statutory: p.statutory } });
    if (saved.status() !== 200) throw new Error(`statutory ${p.name}: ${saved.status()} ${await saved.text()}`);
  }
  return added;
}

/**
 * Uploads a roster of `count` analysts through the CSV import, every 41st with a long name (the
 * screens' wrapping), each joining on `joiningDate(i)`.
 */
export async function uploadRoster(api: APIRequestContext, token: string, count: number, joiningDate: (i: number) => string): Promise<void> {
  const rows = ['Name,Email,Position,Salary,Joining Date'];
  for (let i = 0; i < count; i++) {
    const name = i % 41 === 0 ? `Chandrasekharan Venkataraghavan Iyer ${i}` : `Person ${i} Rao`;
    rows.push(`"${name}",person.${i}@shots.local,Analyst,${30_000 + i},${joiningDate(i)}`);
  }
  const upload = await api.post('/api/employee/upload', {
    headers: { 'x-auth-token': token },
    multipart: { file: { name: 'staff.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\r\n')) } },
  });
  if (upload.status() !== 200) throw new Error(`upload: ${upload.status()} ${await upload.text()}`);
}

/**
 * A payroll script's company: `count` analysts who joined on 1 January 2025 (uploadRoster), each
 * present through `months` (markPresent, `absent` as there). The admin's headers, and the data file
 * left open for the script's own writes (the caller closes it).
 */
export async function payrollRoster(
  kit: ServerShotKit,
  count: number,
  months: readonly string[],
  absent?: (i: number, month: string) => readonly string[],
): Promise<{ headers: { 'x-auth-token': string }; db: SqliteDatabase }> {
  const token = await adminToken(kit.api);
  await uploadRoster(kit.api, token, count, () => '2025-01-01');
  const db = openDataFile(kit.server.dataDir);
  markPresent(db, employeeUserIds(db), months, absent);
  return { headers: { 'x-auth-token': token }, db };
}

/** payrollRoster with `people` added one by one, with their statutory details: also their ids and employee codes. */
export async function payrollPeople(
  kit: ServerShotKit,
  people: readonly ShotPerson[],
  months: readonly string[],
  absent?: (i: number, month: string) => readonly string[],
): Promise<{ headers: { 'x-auth-token': string }; db: SqliteDatabase; added: { id: number; employeeId: string }[] }> {
  const headers = { 'x-auth-token': await adminToken(kit.api) };
  const added = await addPeople(kit.api, headers, people);
  const db = openDataFile(kit.server.dataDir);
  markPresent(db, added.map((p) => p.id), months, absent);
  return { headers, db, added };
}

/** Writes page 1 of a PDF file as a PNG (pdf-parse's renderer, at 1.5x), for a reviewer to look at a document. */
export function renderPdfPage(pdfFile: string, pngFile: string): void {
  const script = `
import { PDFParse } from 'pdf-parse';
import { readFileSync, writeFileSync } from 'node:fs';
const parser = new PDFParse({ data: new Uint8Array(readFileSync(process.argv[1])) });
const shot = await parser.getScreenshot({ scale: 1.5, partial: [1] });
await parser.destroy();
writeFileSync(process.argv[2], Buffer.from(shot.pages[0].data));
`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script, pdfFile, pngFile], { cwd: path.resolve(__dirname, '../..') });
}

/** The refusal a held download is answered with (shootDownloadStates): long, as a server's msg can be. */
const DOWNLOAD_REFUSED = 'The file could not be made just now: the server is busy with another export. Try again in a minute.';

/**
 * Shoots a download's two states a person sees beside the saved file: `<name>-busy` while the answer
 * to `url` is held back, then `<name>-failed` once it is answered 500 with a msg, which the screen
 * must show (a toast or a line by the button) rather than drop. `press` starts the download.
 */
export async function shootDownloadStates(view: ShotView, url: string | RegExp, press: () => Promise<void>, name: string): Promise<void> {
  const { page } = view;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ msg: DOWNLOAD_REFUSED }) });
  });
  await press();
  await page.waitForTimeout(300);
  await view.shot(`${name}-busy`, { fullPage: false });
  release();
  await page.getByText(DOWNLOAD_REFUSED).first().waitFor({ timeout: 10_000 });
  await view.shot(`${name}-failed`, { fullPage: false });
  await page.unroute(url);
  // Toasts stay until dismissed; the script's next shot should not carry this one.
  for (const button of await page.locator('.toast__dismiss').all()) await button.click().catch(() => undefined);
}
