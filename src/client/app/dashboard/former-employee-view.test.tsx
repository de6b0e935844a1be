import { screen, waitFor, within } from '@testing-library/react';
import { json, mockFetch } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { employeeToken } from '../../test/tokens';

describe('the former-employee view', () => {
  it('shows a leaver only their slips and tax statements, whatever employee path they open', async () => {
    const { requests } = mockFetch({
      'GET /api/employee/me/access': () => json(200, { scope: 'former-employee', leftOn: '2026-10-31', accessUntil: '2027-06-15' }),
      'GET /api/employee/me': () => json(200, { name: 'Asha Rao' }),
      'GET /api/salary/slips/EMP0001': () =>
        json(200, {
          slips: [
            { month: '2026-10', monthLabel: 'October 2026', version: 1, versions: [{ version: 1 }] },
            { month: '2026-03', monthLabel: 'March 2026', version: 1, versions: [{ version: 1 }] },
          ],
        }),
    });
    renderApp({ path: '/employee/attendance', token: employeeToken() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Rao' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('You left on 2026-10-31. Until 2027-06-15 you can download your salary slips, your full-and-final statement and your tax statements here');
    const nav = screen.getByRole('navigation', { name: 'Former Employee' });
    expect(within(nav).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Salary slips and tax statements']);
    expect(await screen.findByRole('button', { name: 'Download statement 2026-27 (PDF)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download statement 2025-26 (PDF)' })).toBeInTheDocument();
    // The settlement first, then the slips, then the tax statements.
    expect(within(screen.getByRole('main')).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Full-and-final statement', 'Salary Slip', 'Tax statements']);
    // Nothing of the working dashboard is asked for: the server would refuse it.
    const asked = requests().map((r) => new URL(r.url).pathname);
    expect(asked.filter((p) => !['/api/employee/me/access', '/api/employee/me', '/api/salary/slips/EMP0001'].includes(p))).toEqual([]);
  });

  it("downloads the leaver's own full-and-final statement, and says why when it is not approved yet", async () => {
    let approved = false;
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:http://localhost/statement'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { requests } = mockFetch({
      'GET /api/employee/me/access': () => json(200, { scope: 'former-employee', leftOn: '2026-10-31', accessUntil: '2027-06-15' }),
      'GET /api/employee/me': () => json(200, { name: 'Asha Rao' }),
      'GET /api/salary/slips/EMP0001': () => json(200, { slips: [] }),
      'GET /api/employees/2/final-settlement/pdf': () =>
        approved ? new Response('%PDF-1.7 statement', { status: 200, headers: { 'content-type': 'application/pdf' } }) : json(409, { msg: 'The full-and-final settlement is not approved yet' }),
    });
    const { user } = renderApp({ path: '/employee', token: employeeToken() });
    const button = await screen.findByRole('button', { name: 'Download full-and-final statement (PDF)' });
    await user.click(button);
    // Said under the button, not in a toast over the cards below.
    const card = screen.getByRole('region', { name: 'Full-and-final statement' });
    expect(await within(card).findByRole('alert')).toHaveTextContent('Error downloading the full-and-final statement: The full-and-final settlement is not approved yet');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
    approved = true;
    await user.click(button);
    await waitFor(() => expect(within(card).queryByRole('alert')).toBeNull());
    await screen.findByRole('button', { name: 'Download full-and-final statement (PDF)' });
    expect(requests().filter((r) => new URL(r.url).pathname === '/api/employees/2/final-settlement/pdf')).toHaveLength(2);
  });

  it('keeps the working dashboard for an employee who works', async () => {
    mockFetch({
      'GET /api/employee/me/access': () => json(200, { scope: 'employee', leftOn: null, accessUntil: null }),
      'GET /api/employee/me': () => json(200, { name: 'Asha Rao' }),
    });
    renderApp({ path: '/employee', token: employeeToken() });
    expect(await screen.findByRole('navigation', { name: 'Employee Dashboard' })).toBeInTheDocument();
    expect(screen.queryByText(/^You left on/)).not.toBeInTheDocument();
  });
});
