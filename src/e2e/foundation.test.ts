/** Foundation journeys: sign in and out as each role, a wrong password, and a role mismatch. */
import { ADMIN, browserAvailable, createInvitedEmployee, expectAccessible, journeyContext, signIn, signInAsAdmin } from './harness';

const run = browserAvailable() ? describe : describe.skip;

run('foundation journeys', () => {
  const journey = journeyContext({ eachTest: {} });

  it('an admin signs in, sees the dashboard and logs out', async () => {
    const { page } = journey.session;
    await signInAsAdmin(page);
    expect(new URL(page.url()).pathname).toBe('/admin');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^ey/);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('heading', { name: 'HR Portal Login' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  }, 60_000);

  it("a wrong password shows the server's message in the banner", async () => {
    const { page } = journey.session;
    await signIn(page, 'Admin', ADMIN.email, 'not-the-password');
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).waitFor();
    await expectAccessible(page);
    expect(new URL(page.url()).pathname).toBe('/');
  }, 60_000);

  it('an invited employee sets a password, signs in, and is refused the admin area', async () => {
    const { page } = journey.session;
    const email = `jo.${Date.now()}@e2e.local`;
    const jo = { name: 'Jo Employee', email, position: 'Analyst', salary: 45000, password: 'jo-password-1' };
    await createInvitedEmployee(journey.api, journey.server, jo);

    await signIn(page, 'Employee', email, 'jo-password-1');
    await page.waitForURL((u) => u.pathname.startsWith('/employee'));
    await page.getByRole('heading', { name: /Welcome, Jo Employee/ }).waitFor();
    await expectAccessible(page);

    await page.goto('/admin');
    await page.getByRole('heading', { name: 'HR Portal Login' }).waitFor();
    // The spec's alert is said on the page the person lands on, and stays until dismissed.
    const notice = page.getByRole('status').filter({ hasText: /^Unauthorized access$/ });
    await notice.waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await notice.waitFor({ state: 'detached' });
  }, 90_000);
});
