/**
 * Layout at every common size, asserted by measuring boxes in the real built app, not
 * by comparing pixels: every screen of both roles, at 1920×1080, 1366×768, 1280×800 and 390×844.
 * At each size:
 *   - the page never scrolls sideways (a wide table scrolls inside its own box instead);
 *   - no word in a table cell is broken or cut: every column is at least as wide as its longest word;
 *   - a table row is one or two lines;
 *   - the document is no taller than its content (no screen of empty space below it);
 *   - on a desktop the sidebar is as tall as the window and stays in view when the page scrolls;
 *     on a phone it is a closed drawer behind the Menu button;
 *   - on a phone the screen's own heading (its first h2 shown; the welcome card folds above a child
 *     screen) is within the first screenful, and the attendance screens' tables are cards: nothing scrolls sideways inside them.
 * Realistic data first: a few hundred employees from a CSV upload, the longest names and positions
 * an Indian company meets, attendance, leave and tasks. With LAYOUT_SHOTS=<folder>, a screenshot of
 * each screen and size (the window, and the whole page) goes to <folder>/<size>/<screen>.png for a
 * reviewer to look at; without it none is taken, which spares a run about a fifth of this file's CPU.
 *
 * One server, one browser, one page per role; each screen is loaded once and measured at the four
 * sizes by resizing the page.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from '../server/db/sqlite-driver';
import type { Page } from 'playwright-core';
import { dateInZone } from '../shared/format';
import { leaveYearOf } from '../shared/leave-policy/leave-year';
import { leaveDays, SUNDAY_OFF } from '../shared/leave-policy/work-calendar';
import { datesOfMonth, lastCompleteMonth, weekdayOf } from '../shared/payroll/pay-month';
import { browserAvailable, COMPANY_ZONE, createInvitedEmployee, DAY_MS, journeyContext, signIn, signInAsAdmin, waitUntil, type JourneySession } from './harness';
import { OVERRIDE_BLOCKING } from './payroll-overrides';

const run = browserAvailable() ? describe : describe.skip;

const ZONE = COMPANY_ZONE;
const SHOTS = process.env.LAYOUT_SHOTS;

const VIEWPORTS = [
  { name: '1920x1080', width: 1920, height: 1080 },
  { name: '1366x768', width: 1366, height: 768 },
  { name: '1280x800', width: 1280, height: 800 },
  { name: '390x844', width: 390, height: 844 },
] as const;

/** Below this width the sidebar is a drawer (styles.css: max-width 48rem). */
const DRAWER_MAX_PX = 768;

const LONG_NAME = 'Venkata Satya Lakshmi Narasimha Subrahmanyam Chandrasekharan';
const LONG_POSITION = 'Senior Principal Software Development Engineer in Test';

/**
 * Runs inside the page (serialized by playwright, so it must not use anything from this module) and
 * returns every way the current layout breaks the rules, as readable lines.
 */
function layoutProblems({ drawer }: { drawer: boolean }): string[] {
  const problems: string[] = [];
  const vw = window.innerWidth;
  const vh = window.innerHeight;
  const root = document.scrollingElement ?? document.documentElement;

  const describe = (el: Element) => {
    const id = el.id ? `#${el.id}` : '';
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${el.tagName.toLowerCase()}${id}${cls}> "${text}"`;
  };
  const isHidden = (el: Element) => !!el.closest('.visually-hidden, [hidden]');
  const scrollsSideways = (el: Element) => {
    const { overflowX } = getComputedStyle(el);
    return overflowX === 'auto' || overflowX === 'scroll';
  };
  const insideScrollBox = (el: Element) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (scrollsSideways(p)) return true;
    return false;
  };

  // 1. The page never scrolls sideways.
  if (root.scrollWidth > vw + 1) {
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((el) => !isHidden(el) && !insideScrollBox(el) && el.getBoundingClientRect().right > vw + 1)
      .slice(-3)
      .map(describe);
    problems.push(`page scrolls sideways: ${root.scrollWidth}px wide in a ${vw}px window; widest: ${culprits.join(', ')}`);
  }

  // 2 and 3. Table cells: no word broken or cut, at most two lines; rows at most two lines tall.
  for (const table of document.querySelectorAll('table')) {
    if (isHidden(table)) continue;
    const box = table.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const label = table.getAttribute('aria-label') ?? table.closest('section')?.querySelector('h2, h3')?.textContent ?? 'table';
    const broken: string[] = [];
    for (const row of table.querySelectorAll('tr')) {
      if (row.getAttribute('aria-hidden') === 'true') continue; // virtualization spacers
      const rowBox = row.getBoundingClientRect();
      if (rowBox.height === 0) continue;
      // A list shown as cards on a phone (rows as blocks of label/value lines): its words must
      // still be whole, but a card is as many lines as it has fields.
      const card = getComputedStyle(row).display !== 'table-row';
      let unit = 0;
      let padding = 0;
      for (const cell of row.children) {
        const style = getComputedStyle(cell);
        const cellBox = cell.getBoundingClientRect();
        // Clipped to a pixel: a header kept for screen readers only.
        if (cellBox.width <= 1 || cellBox.height <= 1) continue;
        const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
        unit = Math.max(unit, lineHeight);
        padding = Math.max(padding, parseFloat(style.paddingTop) + parseFloat(style.paddingBottom));
        // Controls (buttons, selects, badges) set the height of a line they sit on.
        for (const control of cell.querySelectorAll('button, select, input, a.button, .badge, .status-badge')) {
          if (!isHidden(control)) unit = Math.max(unit, control.getBoundingClientRect().height);
        }
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        const lines: DOMRect[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent || isHidden(parent) || parent.closest('select, option')) continue;
          // Lines a two-line clamp hides (overflow of an element inside the cell) are not shown.
          let clip: DOMRect | null = null;
          for (let el: Element | null = parent; el && el !== cell.parentElement; el = el.parentElement) {
            if (getComputedStyle(el).overflowY !== 'visible') {
              clip = el.getBoundingClientRect();
              break;
            }
          }
          const text = node.textContent ?? '';
          // Words end at spaces; a hyphen between letters may end a line too ("Chatterjee-|Banerjee"),
          // but not one in a date or a number.
          for (const match of text.matchAll(/\S+?(?:(?<=[A-Za-z]-)(?=[A-Za-z])|(?=\s)|$)/g)) {
            if (!match[0]) continue;
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0 && (!clip || r.top < clip.bottom - 1));
            if (rects.length === 0) continue;
            const tops = new Set(rects.map((r) => Math.round(r.top)));
            const word = range.getBoundingClientRect();
            if (tops.size > 1) broken.push(`"${match[0]}" broken over ${tops.size} lines in a ${Math.round(cellBox.width)}px cell`);
            else if (word.right > cellBox.right + 1 || word.left < cellBox.left - 1)
              broken.push(`"${match[0]}" (${Math.round(word.width)}px) cut by its ${Math.round(cellBox.width)}px cell`);
            lines.push(...rects);
          }
        }
        // Line boxes: rects that do not overlap vertically are on different lines.
        lines.sort((a, b) => a.top - b.top);
        let count = 0;
        let bottom = -Infinity;
        for (const r of lines) {
          if (r.top >= bottom - 2) {
            count += 1;
            bottom = r.bottom;
          } else bottom = Math.max(bottom, r.bottom);
        }
        if (count > 2 && !card) broken.push(`${describe(cell)} takes ${count} lines`);
      }
      // Two lines, the cell padding, the border, and a control row's gap.
      const limit = 2 * unit + padding + 10;
      if (!card && rowBox.height > limit) broken.push(`row ${describe(row)} is ${Math.round(rowBox.height)}px tall (limit ${Math.round(limit)}px)`);
    }
    if (broken.length) problems.push(`table "${label.trim()}": ${[...new Set(broken)].slice(0, 6).join('; ')}`);
  }

  // 4. No empty tail: the document ends where the content does.
  const docHeight = root.scrollHeight;
  if (docHeight > vh + 1) {
    let contentBottom = 0;
    for (const el of document.body.querySelectorAll('*')) {
      if (isHidden(el) || el.closest('.sidebar')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      contentBottom = Math.max(contentBottom, r.bottom + window.scrollY);
    }
    // The content area's bottom padding and a margin or two.
    if (docHeight > contentBottom + 64) {
      problems.push(`empty space below the content: the document is ${docHeight}px tall, the content ends at ${Math.round(contentBottom)}px`);
    }
  }

  // 6 and 7. A phone: the screen's own heading in the first screenful, and the attendance tables as
  // cards (a table scrolling sideways in its box would hide Status and the punches off to the right).
  if (drawer) {
    // The first heading shown: the home's own is the welcome card's; above a child screen the card is
    // folded (its heading hidden), so the child screen's comes first.
    const heading = [...document.querySelectorAll('main h2')].find((h) => !isHidden(h) && h.getBoundingClientRect().height > 0);
    if (heading && heading.getBoundingClientRect().top + window.scrollY > vh) {
      problems.push(`phone: the screen's heading ${describe(heading)} starts at ${Math.round(heading.getBoundingClientRect().top + window.scrollY)}px, below the first ${vh}px`);
    }
    for (const box of document.querySelectorAll('.attendance-screen .table-scroll, .attendance-screen [role="region"]')) {
      if (!isHidden(box) && box.scrollWidth > box.clientWidth + 1) problems.push(`phone: ${describe(box)} scrolls sideways (${box.scrollWidth}px in ${box.clientWidth}px)`);
    }
  }

  // 5. The sidebar: full height and in view on a desktop, a closed drawer on a phone.
  const sidebar = document.querySelector('.sidebar');
  if (sidebar) {
    const style = getComputedStyle(sidebar);
    if (drawer) {
      if (style.visibility !== 'hidden') problems.push('phone: the sidebar drawer is open or visible on arrival');
      const menu = document.querySelector('.topbar__menu');
      if (!menu || menu.getBoundingClientRect().width === 0) problems.push('phone: no Menu button');
    } else {
      const before = window.scrollY;
      // Scrolled to the end, the sidebar must still fill the window from its top.
      window.scrollTo(0, root.scrollHeight);
      const r = sidebar.getBoundingClientRect();
      if (Math.abs(r.top) > 1 || Math.abs(r.height - vh) > 1) {
        problems.push(`desktop: the sidebar is ${Math.round(r.height)}px tall at ${Math.round(r.top)}px in a ${vh}px window (scrolled to the end)`);
      }
      window.scrollTo(0, before);
    }
  }
  return problems;
}

/** Waits until the screen has settled: no spinner or loading screen, no request running, layout stable. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('.spinner, .loading-screen'), undefined, { timeout: 20_000 });
  // Transitions (the drawer sliding shut when the window narrows) have finished.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 5_000 });
  await page.waitForLoadState('networkidle');
  // Resizes reach virtualized tables and script-sized columns through ResizeObservers: wait until
  // two frames in a row give the same geometry.
  let last = '';
  await waitUntil(
    async () => {
      const now = await page.evaluate(
        () =>
          new Promise<string>((resolve) =>
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                const root = document.scrollingElement ?? document.documentElement;
                const cells = [...document.querySelectorAll('th')].map((th) => Math.round(th.getBoundingClientRect().width)).join(',');
                resolve(`${root.scrollWidth}x${root.scrollHeight}|${cells}`);
              }),
            ),
          ),
      );
      const stable = now === last;
      last = now;
      return stable || undefined;
    },
    () => `layout of ${page.url()} did not settle`,
    { timeoutMs: 10_000, intervalMs: 50 },
  );
}

interface Screen {
  /** File name of its screenshots. */
  name: string;
  path: string;
  /** Text that shows once the screen is there. */
  ready: string;
  /** Something to do after it is there (open a disclosure). */
  then?: (page: Page) => Promise<void>;
}

/** Loads `screen` once, then measures it (and with LAYOUT_SHOTS screenshots it) at each size. */
async function measureScreen(page: Page, screen: Screen): Promise<string[]> {
  await page.setViewportSize({ width: VIEWPORTS[1].width, height: VIEWPORTS[1].height });
  await page.goto(screen.path);
  // Visible text only: the header's closed notification list can hold the same name.
  await page.getByText(screen.ready, { exact: false }).filter({ visible: true }).first().waitFor({ timeout: 20_000 });
  await screen.then?.(page);
  const problems: string[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    const found = await page.evaluate(layoutProblems, { drawer: viewport.width <= DRAWER_MAX_PX });
    problems.push(...found.map((p) => `${viewport.name} ${screen.path}: ${p}`));
    if (SHOTS) await screenshot(page, path.join(SHOTS, viewport.name, `${screen.name}.png`));
  }
  return problems;
}

/** What the window shows (the sticky sidebar as the user sees it), and the whole page. */
async function screenshot(page: Page, file: string): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file });
  await page.screenshot({ path: file.replace(/\.png$/, '.full.png'), fullPage: true });
}

run('layout geometry at four screen sizes', () => {
  const journey = journeyContext();
  let admin: JourneySession;
  let staff: JourneySession;
  let visitor: JourneySession;
  const today = dateInZone(new Date(), ZONE);
  /** The month before the last complete one (that one has a slip run going): approved in setup. */
  const approvedMonth = lastCompleteMonth(`${lastCompleteMonth(today)}-01`);
  const inDays = (n: number) => dateInZone(new Date(Date.now() + n * DAY_MS), ZONE);
  /**
   * start to end, cut at the end of the leave year (a request may not cross it) and holding a working
   * day whatever today is (only a Sunday 31 December would hold none: the leave then starts a day earlier).
   */
  const leaveSpan = (start: string, end: string) => {
    const yearEnd = leaveYearOf(start, 1).end;
    const endDate = end > yearEnd ? yearEnd : end;
    const dayBefore = new Date(Date.parse(`${start}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
    return { startDate: leaveDays(start, endDate, { weeklyOff: SUNDAY_OFF, holidays: new Set() }) > 0 ? start : dayBefore, endDate };
  };
  const person = {
    name: LONG_NAME,
    // Each run has a server of its own, so the addresses need no unique part.
    email: 'venkata.satya.lakshmi.narasimha@e2e-layout.example.com',
    password: 'venkata-password-1',
    employeeId: '',
    recordId: '',
  };

  beforeAll(async () => {
    const { api, server } = journey;
    // Six people who sign in: the long-named one first (joined last year, so slips exist), then others.
    const people = [
      { ...person, position: LONG_POSITION, salary: 187_450.5, joiningDate: inDays(-400) },
      ...['Aishwarya Ramachandran', 'Mohammed Imran Siddiqui', 'Priya Chatterjee-Banerjee', 'Karthikeyan Subramaniam', 'Zoe Mathew'].map(
        (name, i) => ({
          name,
          email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@e2e-layout.example.com`,
          password: `layout-password-${i}`,
          position: ['HR Business Partner', 'Accounts Payable Specialist', 'Customer Success Manager', 'DevOps Engineer', 'Designer'][i]!,
          salary: 45_000 + i * 12_345,
          joiningDate: inDays(-200),
        }),
      ),
    ];
    const tokens: string[] = [];
    const employeeIds: string[] = [];
    let adminToken = '';
    for (const p of people) {
      const { password, ...details } = p;
      const created = await createInvitedEmployee(api, server, { ...details, password });
      adminToken = created.adminToken;
      const login = await api.post('/api/auth/employee-login', { data: { email: p.email, password } });
      expect(login.status()).toBe(200);
      tokens.push(((await login.json()) as { token: string }).token);
      employeeIds.push(created.employeeId);
    }
    const asAdmin = { 'x-auth-token': adminToken };

    // A few hundred more from a CSV upload, with long names, positions and addresses among them.
    const first = ['Aarav', 'Asha', 'Vivaan', 'Meera', 'Arjun', 'Lakshmi', 'Fatima', 'John', 'Ananya', 'Sanjay'];
    const last = ['Rao', 'Iyer', 'Chandrasekharan', 'Venkataraghavan', 'Fernandes', 'Kulkarni', 'Bhattacharya', 'Nair'];
    const positions = ['Software Engineer', 'Analyst', LONG_POSITION, 'Payroll and Compliance Executive', 'QA', 'Regional Sales Manager (South)'];
    const rows = ['Name,Email,Position,Salary'];
    for (let i = 0; i < 300; i++) {
      const name = i % 37 === 0 ? `${LONG_NAME} ${i}` : `${first[i % first.length]} ${last[(i * 7) % last.length]}`;
      const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}.${i}@layout-company.example.in`;
      rows.push(`"${name}",${email},"${positions[i % positions.length]}",${30_000 + ((i * 7919) % 170_000)}.${i % 2 ? '50' : '00'}`);
    }
    const upload = await api.post('/api/employee/upload', {
      headers: asAdmin,
      multipart: { file: { name: 'staff.csv', mimeType: 'text/csv', buffer: Buffer.from(rows.join('\r\n')) } },
    });
    expect(upload.status()).toBe(200);

    // Attendance today: four of the six punch in, two of them punch out.
    for (const [i, token] of tokens.entries()) {
      if (i >= 4) continue;
      expect((await api.post('/api/attendance/punch-in', { headers: { 'x-auth-token': token } })).status()).toBe(200);
      if (i % 2) expect((await api.post('/api/attendance/punch-out', { headers: { 'x-auth-token': token } })).status()).toBe(200);
    }

    // Leave: everyone asks; the first two are approved (both cover today), one refused, the rest pending.
    // A few days each, within the balance of someone who joined 200 days ago (pro-rated: 7 days at least).
    const reasons = [
      'Attending my cousin’s wedding in Visakhapatnam and travelling back with the family',
      'Fever',
      'Medical appointment at Apollo Hospitals, Jubilee Hills',
      'Personal work',
      'Child care while the school is closed for the Pongal holidays',
      'Travel home',
    ];
    for (const [i, token] of tokens.entries()) {
      const leave = await api.post('/api/leave', {
        headers: { 'x-auth-token': token },
        data: { ...(i < 2 ? leaveSpan(today, inDays(2 + i)) : leaveSpan(inDays(10 + i), inDays(12 + i))), reason: reasons[i] },
      });
      expect(leave.status()).toBe(201);
      const { _id } = (await leave.json()) as { _id: string };
      if (i < 3) {
        const decided = await api.put(`/api/leave/approve/${_id}`, { headers: asAdmin, data: { status: i < 2 ? 'approved' : 'rejected' } });
        expect(decided.status()).toBe(200);
      }
    }

    // Tasks: three each, some with long titles.
    const titles = ['Prepare the quarterly statutory compliance report for the Karnataka office', 'Review pull requests', 'Update the onboarding checklist'];
    person.employeeId = employeeIds[0]!;
    for (const employeeId of employeeIds) {
      for (const title of titles) {
        const task = await api.post('/api/task/assign', {
          headers: asAdmin,
          data: { employeeId, title, description: `${title}: details in the shared drive, due by the end of the month.` },
        });
        expect(task.status()).toBe(201);
      }
    }

    // A payroll run for last month, so the payroll screen has a run to list.
    const lastMonth = new Date(Date.now() - 31 * DAY_MS);
    const payroll = await api.post('/api/salary/email-all', {
      headers: asAdmin,
      data: { month: lastMonth.toLocaleString('en', { month: 'long' }), year: lastMonth.getFullYear(), ...OVERRIDE_BLOCKING },
    });
    expect([202, 409]).toContain(payroll.status());

    // The month before it approved, so its Payroll Register is locked and offers the files to upload.
    // The six worked it (punches of past days cannot be made through the API, so they go straight
    // into the server's database), one of them with two days of LOP.
    const db = new SQLite(path.join(server.dataDir, 'hr-portal.sqlite'));
    try {
      db.pragma('busy_timeout = 5000');
      const userOf = db.prepare<[string], { user_id: number }>('select user_id from employees where employee_id = ?');
      const punch = db.prepare('insert into attendance (user_id, date, status, punch_in, punch_out) values (?, ?, ?, ?, ?)');
      const workdays = datesOfMonth(approvedMonth).filter((d) => weekdayOf(d) !== 0);
      db.transaction(() => {
        for (const [i, employeeId] of employeeIds.entries()) {
          const userId = userOf.get(employeeId)!.user_id;
          for (const date of workdays.filter((_, d) => i !== 1 || d > 1)) punch.run(userId, date, 'P', `${date}T03:45:00.000Z`, `${date}T12:30:00.000Z`);
        }
        // IMMEDIATE: the write lock first, waiting on the payroll run's writes (busy_timeout); a
        // deferred transaction that reads and then writes fails at once when a write came between.
      }).immediate();
    } finally {
      db.close();
    }
    const approved = await api.post(`/api/salary/register/${approvedMonth}/approve`, { headers: asAdmin, data: OVERRIDE_BLOCKING });
    expect(approved.status()).toBe(202);

    // Its record id, for the Edit Employee screen.
    const list = await api.get('/api/employee', { headers: asAdmin });
    const all = (await list.json()) as { _id: string; employeeId: string }[];
    expect(all.length).toBeGreaterThanOrEqual(306);
    person.recordId = all.find((e) => e.employeeId === person.employeeId)!._id;

    visitor = await journey.open();
    admin = await journey.open({ timezoneId: ZONE });
    staff = await journey.open({ timezoneId: ZONE });
    await signInAsAdmin(admin.page);
    await signIn(staff.page, 'Employee', person.email, person.password);
    await staff.page.getByRole('heading', { level: 1, name: `Welcome, ${LONG_NAME}` }).waitFor();
  }, 180_000);

  const publicScreens: Screen[] = [
    { name: 'login', path: '/', ready: 'HR Portal Login' },
    { name: 'forgot-password', path: '/forgot-password', ready: 'Email' },
    { name: 'set-password', path: '/set-password?token=not-a-real-token', ready: 'Password' },
    { name: 'not-found', path: '/nowhere', ready: 'Page not found' },
  ];
  const adminScreens = (): Screen[] => [
    { name: 'admin', path: '/admin', ready: `Attendance Overview (Today: ${today})` },
    { name: 'admin-employees-add', path: '/admin/employees/add', ready: 'Upload Employees via CSV' },
    { name: 'admin-employees-list', path: '/admin/employees/list', ready: person.email },
    { name: 'admin-employees-edit', path: `/admin/employees/edit/${person.recordId}`, ready: 'Edit Employee' },
    { name: 'admin-attendance', path: '/admin/attendance', ready: 'All Attendance' },
    { name: 'admin-leaves', path: '/admin/leaves', ready: 'Visakhapatnam' },
    { name: 'admin-tasks', path: '/admin/tasks', ready: 'Karnataka office' },
    { name: 'admin-payroll', path: '/admin/payroll', ready: 'Payroll Run' },
    { name: 'admin-attendance-register', path: `/admin/attendance/register?month=${approvedMonth}`, ready: LONG_NAME },
    { name: 'admin-payroll-register-approved', path: `/admin/payroll/register?month=${approvedMonth}`, ready: 'Files to upload' },
    { name: 'admin-leave-balances', path: '/admin/leave-balances', ready: person.employeeId },
    { name: 'admin-whos-off', path: '/admin/whos-off', ready: 'on approved leave' },
    {
      name: 'admin-whos-off-day',
      path: '/admin/whos-off',
      ready: 'on approved leave',
      then: async (page) => {
        await page.locator('.whos-off__day--today').click();
        await page.getByRole('region', { name: /: (\d+|nobody) off$/ }).waitFor();
      },
    },
    { name: 'admin-whos-off-week', path: '/admin/whos-off?view=week', ready: 'on approved leave' },
    { name: 'admin-holidays', path: '/admin/holidays', ready: 'Import holidays from CSV' },
    { name: 'admin-leave-types', path: '/admin/leave-types', ready: 'Earned' },
    {
      name: 'admin-leave-types-edit',
      path: '/admin/leave-types',
      ready: 'Earned',
      then: async (page) => {
        await page.getByRole('button', { name: 'Edit Earned' }).click();
        await page.getByRole('form', { name: 'Edit Earned' }).waitFor();
      },
    },
    { name: 'admin-leave-settings', path: '/admin/leave-settings', ready: 'Weekly off:' },
    {
      name: 'admin-tasks-overview-open',
      path: '/admin/tasks',
      ready: 'Karnataka office',
      then: async (page) => {
        await page.getByRole('region', { name: "Today's attendance" }).getByRole('button').click();
        await page.getByRole('region', { name: `Attendance Overview (Today: ${today})`, exact: true }).waitFor();
      },
    },
    { name: 'admin-not-found', path: '/admin/nowhere', ready: 'Page not found' },
  ];
  const employeeScreens: Screen[] = [
    { name: 'employee', path: '/employee', ready: LONG_POSITION },
    { name: 'employee-attendance', path: '/employee/attendance', ready: 'Your Attendance' },
    { name: 'employee-leaves', path: '/employee/leaves', ready: 'Visakhapatnam' },
    { name: 'employee-salary', path: '/employee/salary', ready: 'Salary' },
    { name: 'employee-profile', path: '/employee/profile', ready: LONG_POSITION },
    { name: 'employee-tasks', path: '/employee/tasks', ready: 'Karnataka office' },
    { name: 'employee-change-password', path: '/employee/change-password', ready: 'Change Password' },
    { name: 'employee-not-found', path: '/employee/nowhere', ready: 'Page not found' },
  ];

  async function expectScreens(page: Page, screens: Screen[]) {
    const problems: string[] = [];
    for (const screen of screens) problems.push(...(await measureScreen(page, screen)));
    expect(problems).toEqual([]);
  }

  it('public screens: login, forgot and set password, not found', async () => {
    await expectScreens(visitor.page, publicScreens);
  }, 120_000);

  it('every admin screen', async () => {
    await expectScreens(admin.page, adminScreens());
  }, 180_000);

  it('every employee screen', async () => {
    await expectScreens(staff.page, employeeScreens);
  }, 180_000);

  it('the Attendance Overview: in full on /admin only, a strip elsewhere, never twice, not on not-found', async () => {
    const { page } = admin;
    const full = page.getByRole('region', { name: `Attendance Overview (Today: ${today})`, exact: true });
    const strip = page.getByRole('region', { name: "Today's attendance" });
    await page.goto('/admin');
    await full.waitFor();
    expect(await strip.count()).toBe(0);
    for (const at of ['/admin/attendance', '/admin/leaves']) {
      await page.goto(at);
      await strip.waitFor();
      expect(await full.count()).toBe(0);
    }
    // 'present' counts the four punched in. The two whose approved leave covers today punched in too,
    // and each person is counted once (present wins), so none is 'on leave'.
    await strip.getByText(/^0\s+on leave$/).waitFor();
    await strip.getByText(/^4\s+present$/).waitFor();
    const toggle = strip.getByRole('button');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await full.waitFor();
    expect(await full.count()).toBe(1);
    await page.goto('/admin/nowhere');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await strip.count()).toBe(0);
    expect(await full.count()).toBe(0);
  }, 60_000);

  it('a name cut at two lines is whole on hover and on focus, and reachable by keyboard', async () => {
    const { page } = admin;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/admin/employees/list');
    const cut = page.locator('.data-table__clamp', { hasText: LONG_NAME }).first();
    await cut.waitFor();
    await settle(page);
    // Laid out at two lines with more below: a tab stop whose tooltip is the whole name.
    await page.waitForFunction(() => document.querySelector('.data-table__clamp[data-clamped]'), undefined, { timeout: 10_000 });
    expect(await cut.getAttribute('tabindex')).toBe('0');
    expect(await cut.getAttribute('title')).toBe(LONG_NAME);
    const closed = await cut.evaluate((el) => ({ shown: el.clientHeight, full: el.scrollHeight }));
    expect(closed.full).toBeGreaterThan(closed.shown);
    // Reached with Tab from the control before it, it opens in full; leaving it closes it again.
    await cut.evaluate((el) => el.closest('tr')!.querySelector('td')!.setAttribute('tabindex', '-1'));
    await cut.evaluate((el) => (el.closest('tr')!.querySelector('td') as HTMLElement).focus());
    await page.keyboard.press('Tab');
    expect(await cut.evaluate((el) => el === document.activeElement)).toBe(true);
    const open = await cut.evaluate((el) => ({ shown: el.clientHeight, full: el.scrollHeight }));
    expect(open.shown).toBeGreaterThanOrEqual(open.full);
    await page.keyboard.press('Tab');
    expect(await cut.evaluate((el) => el.clientHeight)).toBe(closed.shown);
  }, 60_000);

  it('scroll resets to the top when the screen changes', async () => {
    const { page } = admin;
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/admin');
    await page.getByRole('region', { name: `Attendance Overview (Today: ${today})`, exact: true }).waitFor();
    await settle(page);
    const y = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      return window.scrollY;
    });
    expect(y).toBeGreaterThan(100);
    await page.getByRole('navigation', { name: 'HR Dashboard' }).getByRole('link', { name: 'Tasks' }).click();
    await page.getByText('Karnataka office').first().waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  }, 60_000);
});
