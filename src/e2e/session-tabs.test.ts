/**
 * Two tabs of ONE browser (one context, so one localStorage). Before, tab A
 * signed in as X kept saying "Welcome, X" after tab B signed in as Y, while its requests read Y's
 * token from localStorage: Punch In in tab A filed Y's attendance. Now the session machine owns the
 * token, and other tabs reach it through the `storage` event:
 * - tab A's requests carry X's token even when localStorage holds Y's and A has not heard of it yet;
 * - when B signs in as Y, A signs out with a message, and X's token is ended on the server;
 * - a tab opened on / while signed in goes to the dashboard; Logout in one tab signs the other out.
 * The server is asked who got each punch.
 */
import type { Page } from 'playwright-core';
import { dateInZone } from '../shared/format';
import {
  answerDialogs,
  browserAvailable,
  createInvitedEmployee,
  expectAccessible,
  journeyContext,
  signIn,
  submitLogin,
  waitUntil,
  watchPage,
  type JourneySession,
} from './harness';

const run = browserAvailable() ? describe : describe.skip;

const ZONE = 'Asia/Kolkata';
const OTHER_ACCOUNT = 'You were signed out because another account signed in in another tab.';
const SIGNED_OUT_ELSEWHERE = 'You were signed out in another tab.';

run('one session owner across two tabs of one browser', () => {
  const journey = journeyContext();
  const stamp = Date.now();
  const x = { name: 'Xavier Rao', email: `xavier.${stamp}@e2e.local`, password: 'xavier-password-1', employeeId: '' };
  const y = { name: 'Yamini Iyer', email: `yamini.${stamp}@e2e.local`, password: 'yamini-password-1', employeeId: '' };
  const today = dateInZone(new Date(), ZONE);
  let tabA: JourneySession;
  let tabB: { page: Page; problems: string[] };
  let adminToken = '';

  beforeAll(async () => {
    for (const person of [x, y]) {
      const invited = await createInvitedEmployee(journey.api, journey.server, { ...person, salary: 50_000 });
      person.employeeId = invited.employeeId;
      adminToken = invited.adminToken;
    }
    tabA = await journey.open({ timezoneId: ZONE });
    // Tab B: a second page of the SAME context, so it shares tab A's localStorage.
    const page = await tabA.context.newPage();
    answerDialogs(page);
    tabB = { page, problems: watchPage(page).problems };
  }, 120_000);

  afterAll(() => {
    expect(tabB.problems).toEqual([]);
  });

  /** Today's attendance as the server has it: who has a record. */
  async function punchedToday(): Promise<string[]> {
    const answer = await journey.api.get(`/api/attendance?date=${today}`, { headers: { 'x-auth-token': adminToken } });
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as { email: string }[]).map((record) => record.email).sort();
  }

  /** Whether the server still accepts `token` (POST /api/auth/logout ends it). */
  async function accepted(token: string): Promise<boolean> {
    const answer = await journey.api.get('/api/attendance/employee', { headers: { 'x-auth-token': token } });
    return answer.status() !== 401;
  }

  const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));
  const loginHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'HR Portal Login' });

  it('tab B signs in as Y while tab A is X: A never acts for Y, and is signed out with a message', async () => {
    // Tab B's login form is open first; a signed-out tab does not follow another tab's sign-in.
    await tabB.page.goto('/');
    await loginHeading(tabB.page).waitFor();

    const a = tabA.page;
    await signIn(a, 'Employee', x.email, x.password);
    await a.getByRole('heading', { level: 1, name: `Welcome, ${x.name}` }).waitFor();
    await a.getByRole('navigation', { name: 'Employee Dashboard' }).getByRole('link', { name: 'Attendance' }).click();
    const punchIn = a.getByRole('region', { name: 'Your Attendance' }).getByRole('button', { name: 'Punch In' });
    await punchIn.waitFor();
    const xToken = (await storedToken(a))!;

    // The old bug's precondition, made deterministic: localStorage holds Y's token, and tab A has
    // not heard of it (a tab never receives the storage event for its own writes). A request that
    // read localStorage would now punch Y in.
    const login = await journey.api.post('/api/auth/employee-login', { data: { email: y.email, password: y.password } });
    expect(login.status()).toBe(200);
    const yEarlierToken = ((await login.json()) as { token: string }).token;
    await a.evaluate((token) => localStorage.setItem('token', token), yEarlierToken);
    await punchIn.click();
    const punched = await waitUntil(async () => {
      const emails = await punchedToday();
      return emails.length > 0 ? emails : undefined;
    }, () => 'no punch reached the server');
    expect(punched).toEqual([x.email]);

    // Now tab B, whose form is still there, signs in as Y for real.
    await submitLogin(tabB.page, 'Employee', y.email, y.password);
    await tabB.page.getByRole('heading', { level: 1, name: `Welcome, ${y.name}` }).waitFor();

    // Tab A follows: signed out, told why, on the login page. It shows no one's dashboard.
    await loginHeading(a).waitFor();
    await a.getByText(OTHER_ACCOUNT).waitFor();
    expect(new URL(a.url()).pathname).toBe('/');
    await expect(a.getByRole('button', { name: 'Punch In' }).count()).resolves.toBe(0);
    await expectAccessible(a);
    // Y's session, stored by tab B, is left alone; X's token is ended on the server.
    expect(await storedToken(a)).not.toBe(xToken);
    expect(await storedToken(a)).toBe(await storedToken(tabB.page));
    await waitUntil(async () => ((await accepted(xToken)) ? undefined : true), () => "X's token is still accepted");

    // Nobody punched for Y along the way.
    expect(await punchedToday()).toEqual([x.email]);
  }, 90_000);

  it('a tab opened on / while signed in goes to the dashboard, and Logout in one tab signs the other out', async () => {
    const a = tabA.page;
    // A fresh load of / in tab A restores the stored session (Y's) and skips the login form.
    await a.goto('/');
    await a.getByRole('heading', { level: 1, name: `Welcome, ${y.name}` }).waitFor();
    expect(new URL(a.url()).pathname).toBe('/employee');
    const yToken = (await storedToken(a))!;
    expect(await accepted(yToken)).toBe(true);

    // Logout in tab B.
    await tabB.page.getByRole('button', { name: 'Logout' }).first().click();
    await loginHeading(tabB.page).waitFor();

    // Tab A follows, with a word about why.
    await loginHeading(a).waitFor();
    await a.getByText(SIGNED_OUT_ELSEWHERE).waitFor();
    expect(new URL(a.url()).pathname).toBe('/');
    expect(await storedToken(a)).toBeNull();
    await expectAccessible(a);
    // Logout ended Y's token on the server.
    await waitUntil(async () => ((await accepted(yToken)) ? undefined : true), () => "Y's token is still accepted");
  }, 60_000);
});
