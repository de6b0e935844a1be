import { screen, waitFor, within } from '@testing-library/react';
import { json, mockFetch } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { employeeToken } from '../../test/tokens';
import type { OwnSettlement } from '../../../shared/schemas/exit';

const LEAVER: Parameters<typeof mockFetch>[0] = {
  'GET /api/employee/me/access': () => json(200, { scope: 'former-employee', leftOn: '2026-10-31', accessUntil: '2027-06-15' }),
  'GET /api/employee/me': () => json(200, { name: 'Asha Rao' }),
  'GET /api/salary/slips/EMP0001': () => json(200, { slips: [] }),
};

/** The leaver's settlement as the server tells it: no amount before approval. */
function settlement(state: 'preparing' | 'approved' | 'paid'): OwnSettlement {
  const base = { state, leftOn: '2026-10-31', dueOn: '2026-11-04' };
  if (state === 'preparing') return { ...base, approvedOn: null, paidOn: null, payable: null, owedByEmployee: null };
  return { ...base, approvedOn: '2026-11-06', paidOn: state === 'paid' ? '2026-11-09' : null, payable: 1_23_456.5, owedByEmployee: 0 };
}

/** The card's facts as [term, value] pairs. */
const facts = (card: HTMLElement) => [...card.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);

let saved: jest.Mock;
beforeEach(() => {
  saved = jest.fn();
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:http://localhost/statement'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(saved);
});

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
      'GET /api/final-settlements/mine': () => json(200, settlement('preparing')),
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
    expect(asked.filter((p) => !['/api/employee/me/access', '/api/employee/me', '/api/salary/slips/EMP0001', '/api/final-settlements/mine'].includes(p))).toEqual([]);
  });

  it('says the settlement is being prepared, with its due day, and offers no download before approval', async () => {
    const { requests } = mockFetch({ ...LEAVER, 'GET /api/final-settlements/mine': () => json(200, settlement('preparing')) });
    renderApp({ path: '/employee', token: employeeToken() });
    const card = await screen.findByRole('region', { name: 'Full-and-final statement' });
    expect(await within(card).findByText('HR is preparing your settlement (due by 2026-11-04). You can download the statement here once it is approved.')).toBeInTheDocument();
    expect(facts(card)).toEqual([['State', 'Being prepared']]);
    expect(within(card).queryByRole('button')).toBeNull();
    expect(within(card).queryByText(/₹/)).toBeNull();
    expect(requests().filter((r) => new URL(r.url).pathname.endsWith('/pdf'))).toEqual([]);
  });

  it('says a leaver who left before going live was settled then, with nothing to download here', async () => {
    const before: OwnSettlement = { state: 'before-go-live', leftOn: '2026-03-31', dueOn: null, approvedOn: null, paidOn: null, payable: null, owedByEmployee: null };
    const { requests } = mockFetch({ ...LEAVER, 'GET /api/final-settlements/mine': () => json(200, before) });
    renderApp({ path: '/employee', token: employeeToken() });
    const card = await screen.findByRole('region', { name: 'Full-and-final statement' });
    expect(await within(card).findByText('You left before the company started using this portal, and your settlement was made then. Ask HR for its statement.')).toBeInTheDocument();
    expect(facts(card)).toEqual([['State', 'Settled before going live']]);
    expect(within(card).queryByRole('button')).toBeNull();
    expect(requests().filter((r) => new URL(r.url).pathname.endsWith('/pdf'))).toEqual([]);
  });

  it('shows the approved day and the net amount in rupees, and downloads the statement', async () => {
    mockFetch({
      ...LEAVER,
      'GET /api/final-settlements/mine': () => json(200, settlement('approved')),
      'GET /api/employees/2/final-settlement/pdf': () => new Response('%PDF-1.7 statement', { status: 200, headers: { 'content-type': 'application/pdf' } }),
    });
    const { user } = renderApp({ path: '/employee', token: employeeToken() });
    const card = await screen.findByRole('region', { name: 'Full-and-final statement' });
    const button = await within(card).findByRole('button', { name: 'Download full-and-final statement (PDF)' });
    expect(facts(card)).toEqual([
      ['State', 'Approved'],
      ['Approved on', '2026-11-06'],
      ['Paid on', 'Not yet: HR records it once the bank has paid it'],
      ['Net payable', '₹1,23,456.50'],
    ]);
    await user.click(button);
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(within(card).queryByRole('alert')).toBeNull();
  });

  it('shows the paid day, and what is owed after recoveries instead of a net payable', async () => {
    mockFetch({ ...LEAVER, 'GET /api/final-settlements/mine': () => json(200, { ...settlement('paid'), payable: 0, owedByEmployee: 12_500 }) });
    renderApp({ path: '/employee', token: employeeToken() });
    const card = await screen.findByRole('region', { name: 'Full-and-final statement' });
    await within(card).findByRole('button', { name: 'Download full-and-final statement (PDF)' });
    expect(facts(card)).toEqual([
      ['State', 'Paid'],
      ['Approved on', '2026-11-06'],
      ['Paid on', '2026-11-09'],
      ['Owed by you after recoveries', '₹12,500'],
    ]);
  });

  it('still offers the download when the state cannot be read, and keeps a refusal under the button', async () => {
    mockFetch({
      ...LEAVER,
      'GET /api/final-settlements/mine': () => json(500, { msg: 'Database unavailable' }),
      'GET /api/employees/2/final-settlement/pdf': () => json(409, { msg: 'Your full and final settlement is not approved yet' }),
    });
    const { user } = renderApp({ path: '/employee', token: employeeToken() });
    const card = await screen.findByRole('region', { name: 'Full-and-final statement' });
    await user.click(await within(card).findByRole('button', { name: 'Download full-and-final statement (PDF)' }));
    // Said under the button, not in a toast over the cards below.
    await waitFor(() => expect(within(card).getAllByRole('alert').map((a) => a.textContent)).toContain('Error downloading the full-and-final statement: Your full and final settlement is not approved yet'));
    expect(within(card).getAllByRole('alert')[0]).toHaveTextContent('Could not load the state of your settlement: Database unavailable');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  it("keeps a tax statement's refusal under its buttons", async () => {
    mockFetch({
      ...LEAVER,
      'GET /api/salary/slips/EMP0001': () => json(200, { slips: [{ month: '2026-10', monthLabel: 'October 2026', version: 1, versions: [{ version: 1 }] }] }),
      'GET /api/final-settlements/mine': () => json(200, settlement('paid')),
      'GET /api/tax/statement/EMP0001/2026-27': () => json(503, { msg: 'The statement could not be made just now' }),
    });
    const { user } = renderApp({ path: '/employee', token: employeeToken() });
    const card = await screen.findByRole('region', { name: 'Tax statements' });
    await user.click(await within(card).findByRole('button', { name: 'Download statement 2026-27 (PDF)' }));
    // A toast on a phone would cover the button it is about.
    expect(await within(card).findByRole('alert')).toHaveTextContent('Error downloading the statement: The statement could not be made just now');
    expect(saved).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
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
