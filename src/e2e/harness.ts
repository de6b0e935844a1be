/**
 * Browser-journey harness: runs the real server (`src/server/main.ts`, the same entry as `npm start`)
 * as a child process on a free port with a temporary DATA_DIR, and drives the system Chromium with
 * playwright-core. Every page visited can be checked with axe-core.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import {
  chromium,
  request,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';

const ROOT = path.resolve(__dirname, '../..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Headless Chromium on a build machine: no sandbox, GPU, background traffic, updates, sync or first-run page. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
/** The company's zone: startServer() runs the server in it, and the journeys' browsers live there too. */
export const COMPANY_ZONE = 'Asia/Kolkata';
export const DAY_MS = 24 * 60 * 60 * 1000;
export const ADMIN = { email: 'admin@e2e.local', password: 'admin-e2e-password' };

/** Chromium is a system package; without it the journeys cannot run. Under CI that is a failure. */
export function browserAvailable(): boolean {
  if (fs.existsSync(CHROMIUM)) return true;
  const reason = `No Chromium at ${CHROMIUM}: install it with 'apt-get install -y chromium'. Browser journeys SKIPPED.`;
  if (process.env.CI === 'true') throw new Error(reason.replace('SKIPPED', 'cannot run under CI'));
  console.warn(`\n!!! ${reason} !!!\n`);
  return false;
}

export interface RunningServer {
  url: string;
  dataDir: string;
  output: () => string;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hr-e2e-'));
  const child: ChildProcess = spawn(
    process.execPath,
    [require.resolve('tsx/cli'), path.join(ROOT, 'src/server/main.ts'), '--no-build'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: '',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        LOG_LEVEL: 'warn',
        APP_TIMEZONE: COMPANY_ZONE,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 60_000);
    const onData = () => {
      const m = /running at (http:\/\/localhost:\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });

  return {
    url,
    dataDir,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, '--disable-quic'],
  });
}

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core in the page and fails on serious or critical violations. It is evaluated through
 * the DevTools protocol, which the page's CSP does not govern, so the app keeps its strict policy.
 */
export async function expectAccessible(page: Page): Promise<void> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[] }[] }[] }> } }).axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  if (violations.length) throw new Error(`Accessibility violations on ${page.url()}:\n${violations.join('\n')}`);
}

/** Collects CSP violations and uncaught page errors, so a journey can assert there were none. */
export function watchPage(page: Page): { problems: string[] } {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && /Content Security Policy|Refused to/.test(msg.text())) problems.push(`CSP: ${msg.text()}`);
  });
  return { problems };
}

/** Pages the server mails links to: invitations and resets, and an employee's new address. */
type MailedPage = 'set-password' | 'confirm-email';

/** The newest set-password link (or `page` link) in the server's outbox (.eml files), for invited employees. */
export function latestSetPasswordLink(dataDir: string, to: string, page: MailedPage = 'set-password'): string {
  const outbox = path.join(dataDir, 'outbox');
  const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).sort().reverse() : [];
  for (const file of files) {
    const eml = fs.readFileSync(path.join(outbox, file), 'utf8');
    if (!new RegExp(`^To: .*${to.replace(/[.@]/g, '\\$&')}`, 'mi').test(eml)) continue;
    const unfolded = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const m = new RegExp(`https?://\\S+/${page}\\?token=[\\w%-]+`).exec(unfolded);
    if (m) return m[0];
  }
  throw new Error(`no ${page} link for ${to} in ${outbox}`);
}

/**
 * Polls `probe` until it gives a value (anything but undefined), then returns it; after `timeoutMs`
 * fails with `what()`. The journeys' one way of waiting for something outside the page.
 */
export async function waitUntil<T>(
  probe: () => T | undefined | Promise<T | undefined>,
  what: () => string,
  { timeoutMs = 10_000, intervalMs = 50 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what()} (waited ${timeoutMs} ms)`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** The invitation is mailed after the commit, so give the outbox a moment to receive it. */
export function waitForSetPasswordLink(dataDir: string, to: string, timeoutMs = 10_000, page: MailedPage = 'set-password'): Promise<string> {
  const probe = () => {
    try {
      return latestSetPasswordLink(dataDir, to, page);
    } catch {
      return undefined;
    }
  };
  return waitUntil(probe, () => `no ${page} link for ${to} in ${path.join(dataDir, 'outbox')}`, { timeoutMs, intervalMs: 100 });
}

/** Signs in through the login page, as a user does: the page is checked with axe, the tab chosen, the form sent. */
export async function signIn(page: Page, tab: 'Admin' | 'Employee', email: string, password: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('heading', { name: 'HR Portal Login' }).waitFor();
  await expectAccessible(page);
  await submitLogin(page, tab, email, password);
}

/** Fills and sends the login form already on screen. */
export async function submitLogin(page: Page, tab: 'Admin' | 'Employee', email: string, password: string): Promise<void> {
  if (tab === 'Employee') await page.getByRole('tab', { name: 'Employee' }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: `${tab} Login` }).click();
}

/** Signs the admin in and waits for the admin dashboard. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await signIn(page, 'Admin', ADMIN.email, ADMIN.password);
  await page.waitForURL((url) => url.pathname === '/admin');
  await page.getByRole('heading', { level: 1, name: 'Welcome, Admin' }).waitFor();
}

/** The admin's session token, for setting up data through the API. */
export async function adminToken(api: APIRequestContext): Promise<string> {
  const login = await api.post('/api/auth/admin-login', { data: ADMIN });
  expect(login.status()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

export interface NewEmployee {
  name: string;
  email: string;
  salary: number;
  position?: string;
  /** YYYY-MM-DD; the server's default is today. */
  joiningDate?: string;
}

/** Adds an employee as the admin would (POST /api/employee); the server mails the invitation. */
export async function createEmployee(
  api: APIRequestContext,
  employee: NewEmployee,
): Promise<{ employeeId: string; adminToken: string }> {
  const token = await adminToken(api);
  const created = await api.post('/api/employee', {
    headers: { 'x-auth-token': token },
    // Only the form's fields: callers pass their own records, whose other keys (an employeeId still
    // empty, say) the server would read as more to set.
    data: { position: employee.position ?? 'Engineer', name: employee.name, email: employee.email, salary: employee.salary, ...(employee.joiningDate ? { joiningDate: employee.joiningDate } : {}) },
  });
  expect(created.status()).toBe(200);
  const { employeeId } = (await created.json()) as { employeeId: string };
  expect(employeeId).toMatch(/^EMP\d+$/);
  return { employeeId, adminToken: token };
}

/**
 * Adds an employee and accepts the emailed invitation with `password`, as the new employee would:
 * afterwards they can sign in. `adminToken` is the session the admin created them with.
 */
export async function createInvitedEmployee(
  api: APIRequestContext,
  server: RunningServer,
  employee: NewEmployee & { password: string },
): Promise<{ employeeId: string; password: string; adminToken: string }> {
  const { password, ...details } = employee;
  const created = await createEmployee(api, details);
  const link = new URL(await waitForSetPasswordLink(server.dataDir, employee.email));
  const set = await api.post('/api/auth/set-password', { data: { token: link.searchParams.get('token'), password } });
  expect(set.status()).toBe(200);
  return { ...created, password };
}

/** Marks the page's document; the mark survives only as long as the page is not reloaded. */
export async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { journeyMark: number }).journeyMark = 1));
}

/** Whether the page still shows the document markDocument() marked (no reload since). */
export function documentMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { journeyMark?: number }).journeyMark === 1);
}

/**
 * The browser's own dialogs (window.alert/confirm/prompt) a page showed, and the answers it gets.
 * The app never opens one (its dialogs and toasts are in-app, see in-app-feedback.ts),
 * so a journey session that sees any fails; answering them keeps such a page from hanging.
 */
export interface Dialogs {
  /** Every dialog so far, in order. */
  seen: { type: string; message: string }[];
  /** Queues answers for the next confirm (true/false) or prompt (text) dialogs; alerts are accepted. */
  answer(...next: (string | boolean)[]): void;
  /** Waits until a dialog with this message has shown. */
  waitFor(message: string): Promise<void>;
  /** Waits until `count` dialogs have shown and returns the message of the last. */
  nth(count: number): Promise<string>;
}

/** Answers a page's dialogs in order (unqueued confirms and prompts are dismissed) and keeps what they said. */
export function answerDialogs(page: Page): Dialogs {
  const seen: Dialogs['seen'] = [];
  const answers: (string | boolean)[] = [];
  page.on('dialog', (dialog) => {
    seen.push({ type: dialog.type(), message: dialog.message() });
    const answer = dialog.type() === 'alert' ? true : answers.shift();
    if (answer === false || answer === undefined) void dialog.dismiss();
    else void dialog.accept(typeof answer === 'string' ? answer : undefined);
  });
  const saw = () => `saw ${JSON.stringify(seen)}`;
  return {
    seen,
    answer: (...next) => answers.push(...next),
    async waitFor(message) {
      await waitUntil(() => seen.find((d) => d.message === message), () => `no dialog "${message}"; ${saw()}`);
    },
    nth: (count) => waitUntil(() => seen[count - 1]?.message, () => `no dialog number ${count}; ${saw()}`),
  };
}

/** A browser context on the server with one page, watched for CSP violations and page errors, answering dialogs. */
export interface JourneySession {
  context: BrowserContext;
  page: Page;
  problems: string[];
  dialogs: Dialogs;
}

/**
 * The lifecycle every journey file shares, registered as jest hooks: one server and one browser for
 * the file, an API client on the server (`api`), and browser sessions that must end each test
 * without a CSP violation or page error. With `eachTest`, every test gets a fresh `session` (opened
 * with those context options); `open()` adds sessions that last for the whole file. The fields are
 * filled in by the time the file's own beforeAll hooks run.
 */
export interface Journey {
  server: RunningServer;
  browser: Browser;
  api: APIRequestContext;
  session: JourneySession;
  open(options?: BrowserContextOptions): Promise<JourneySession>;
}

/** Registers the journey hooks (see Journey) for the calling describe block and returns what they fill in. */
export function journeyContext(options: { env?: Record<string, string>; eachTest?: BrowserContextOptions } = {}): Journey {
  const { env, eachTest } = options;
  const live: JourneySession[] = [];
  const journey = {
    async open(contextOptions: BrowserContextOptions = {}) {
      const context = await journey.browser.newContext({ baseURL: journey.server.url, ...contextOptions });
      const page = await context.newPage();
      const session = { context, page, problems: watchPage(page).problems, dialogs: answerDialogs(page) };
      live.push(session);
      return session;
    },
  } as Journey;

  beforeAll(async () => {
    [journey.server, journey.browser] = await Promise.all([startServer(env), launchBrowser()]);
    journey.api = await request.newContext({ baseURL: journey.server.url });
  }, 90_000);
  afterAll(async () => {
    await journey.api?.dispose();
    await journey.browser?.close();
    await journey.server?.stop();
  });
  if (eachTest) {
    beforeEach(async () => {
      journey.session = await journey.open(eachTest);
    });
  }
  afterEach(async () => {
    const ended = eachTest && live.includes(journey.session) ? live.splice(live.indexOf(journey.session), 1) : [];
    await Promise.all(ended.map((session) => session.context.close()));
    for (const session of [...live, ...ended]) {
      expect(session.problems).toEqual([]);
      expect(session.dialogs.seen).toEqual([]);
    }
  });
  return journey;
}
