import { screen, within } from '@testing-library/react';
import { FALLBACK, MSG, PREFIX } from '../../copy';
import { json, mockFetch } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { employeeToken } from '../../test/tokens';

const ME = { _id: '2', employeeId: 'EMP0001', name: 'Asha Rao', email: 'asha@example.com', position: 'Engineer', salary: 1234567.5 };

function openDashboard(current: () => Response) {
  const network = mockFetch({ 'GET /api/employee/me': () => json(200, ME), 'GET /api/employee/current': current });
  renderApp({ path: '/employee', token: employeeToken() });
  return network;
}

const card = async () => within((await screen.findByRole('heading', { name: 'Welcome to the HR Portal' })).closest('section')!);

describe('employee welcome card', () => {
  it('describes the portal and shows email, employee ID, position and salary in rupees', async () => {
    const { requests } = openDashboard(() => json(200, ME));
    const section = await card();
    expect(section.getByText(/Mark your attendance/)).toBeInTheDocument();
    expect(await section.findByText('asha@example.com')).toBeInTheDocument();
    const terms = section.getAllByRole('term').map((dt) => dt.textContent);
    const values = section.getAllByRole('definition').map((dd) => dd.textContent);
    expect(Object.fromEntries(terms.map((t, i) => [t, values[i]]))).toEqual({
      Email: 'asha@example.com',
      'Employee ID': 'EMP0001',
      Position: 'Engineer',
      Salary: '₹12,34,567.50',
    });
    const call = requests().find((r) => r.url.endsWith('/api/employee/current'))!;
    const token = call.headers.get('x-auth-token');
    expect(token).toBeTruthy();
    expect(call.headers.get('authorization')).toBe(`Bearer ${token}`);
  });

  it("says 'No employee data returned' for an empty answer", async () => {
    openDashboard(() => json(200, null));
    const section = await card();
    expect(await section.findByText(MSG.noEmployeeData)).toBeInTheDocument();
  });

  it("shows 'Error fetching employee profile: ' + msg, or the fallback", async () => {
    openDashboard(() => json(404, { msg: 'Employee not found' }));
    const section = await card();
    expect(await section.findByRole('alert')).toHaveTextContent(`${PREFIX.fetchProfile}Employee not found`);
  });

  it('falls back when the error has no msg', async () => {
    openDashboard(() => json(500, {}));
    const section = await card();
    expect(await section.findByRole('alert')).toHaveTextContent(PREFIX.fetchProfile + FALLBACK.fetchEmployeeData);
  });

  it('stays above the child screens', async () => {
    mockFetch({ 'GET /api/employee/me': () => json(200, ME), 'GET /api/employee/current': () => json(200, ME) });
    renderApp({ path: '/employee/change-password', token: employeeToken() });
    const welcome = await screen.findByRole('heading', { name: 'Welcome to the HR Portal' });
    const child = await screen.findByRole('heading', { name: 'Change Password' });
    expect(welcome.compareDocumentPosition(child) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  describe('on a phone', () => {
    const phone = (matches: boolean) =>
      Object.defineProperty(window, 'matchMedia', {
        configurable: true,
        value: (query: string) => ({ matches: matches && query === '(max-width: 40rem)', media: query, addEventListener: () => {}, removeEventListener: () => {} }),
      });
    afterEach(() => Reflect.deleteProperty(window, 'matchMedia'));

    it('folds to one line with the name and ID above a child screen, and opens the whole card', async () => {
      phone(true);
      mockFetch({ 'GET /api/employee/me': () => json(200, ME), 'GET /api/employee/current': () => json(200, ME) });
      const { user } = renderApp({ path: '/employee/change-password', token: employeeToken() });
      const toggle = await screen.findByRole('button', { name: 'Asha Rao EMP0001' });
      expect(toggle).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByRole('heading', { name: 'Welcome to the HR Portal' })).not.toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
      await user.click(toggle);
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const section = within(screen.getByRole('heading', { name: 'Welcome to the HR Portal' }).closest('section')!);
      expect(section.getByText('asha@example.com')).toBeVisible();
    });

    it('keeps the whole card on the dashboard home', async () => {
      phone(true);
      openDashboard(() => json(200, ME));
      const section = await card();
      expect(await section.findByText('asha@example.com')).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Asha Rao EMP0001' })).not.toBeInTheDocument();
    });
  });
});
