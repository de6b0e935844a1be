/** The payroll register preview screen: the month's rows, totals and warnings as the server answers them, and the .xlsx download. */
import { screen, waitFor, within } from '@testing-library/react';
import type { PayrollRegister } from '../../../shared/schemas/payroll-register';
import { json } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { mockAdminScreen } from '../../test/admin-screen-network';

const zero = { pf: 0, esi: 0, professionalTax: 0, tds: 0, total: 0 };
const REGISTER: PayrollRegister = {
  month: '2025-04',
  monthLabel: 'April 2025',
  rows: [
    {
      employeeId: 'EMP0001', name: 'Asha Rao', joiningDate: '2024-01-01', stateOfWork: 'KA', taxRegime: 'new', workingDays: 26, paidDays: 26, lopDays: 0,
      monthlyGross: 150000, earnedGross: 150000, deductions: { pf: 1800, esi: 0, professionalTax: 200, tds: 12567, total: 14567 },
      employer: { epf: 550, eps: 1250, edli: 75, pfAdmin: 75, esi: 0, total: 1950 }, net: 135433,
    },
    {
      employeeId: 'EMP0002', name: 'Meera Iyer', joiningDate: '2025-04-15', stateOfWork: 'MH', taxRegime: 'new', workingDays: 26, paidDays: 14, lopDays: 0,
      monthlyGross: 18000, earnedGross: 9692, deductions: { ...zero, pf: 582, esi: 73, total: 655 },
      employer: { epf: 178, eps: 404, edli: 24, pfAdmin: 24, esi: 315, total: 945 }, net: 9037,
    },
  ],
  totals: {
    employees: 2, earnedGross: 159692, deductions: { pf: 2382, esi: 73, professionalTax: 200, tds: 12567, total: 15222 },
    employer: { epf: 728, eps: 1654, edli: 99, pfAdmin: 99, esi: 315, total: 2895 }, net: 144470,
  },
  warnings: [
    { employeeId: 'EMP0002', name: 'Meera Iyer', kind: 'missing-pan', text: 'Meera Iyer has no PAN', blocking: false, overridden: null },
    { employeeId: 'EMP0002', name: 'Meera Iyer', kind: 'joiner', text: 'Meera Iyer joined on 2025-04-15: paid from that day', blocking: false, overridden: null },
  ],
  incomeTaxEstimated: false,
  source: 'preview',
  liveDiffers: null,
};

describe('Payroll Register page', () => {
  afterEach(() => jest.restoreAllMocks());

  it("shows the month's rows, the totals and the warnings, and downloads the .xlsx", async () => {
    const xlsx = () =>
      new Response(new Uint8Array([0x50, 0x4b, 3, 4]), {
        status: 200,
        headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'content-disposition': 'attachment; filename="payroll-register_2025-04.xlsx"' },
      });
    const network = mockAdminScreen({ 'GET /api/salary/register/2025-04': (request: Request) => (new URL(request.url).searchParams.get('format') === 'xlsx' ? xlsx() : json(200, REGISTER)) });
    const { user } = renderApp({ path: '/admin/payroll/register?month=2025-04', token: adminToken() });
    const table = await screen.findByRole('table', { name: 'Payroll register for April 2025' });
    const cells = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent).join(' | '));
    expect(cells).toEqual([
      'Employee | Paid / LOP days | Earned gross | PF | ESI | Prof. tax | TDS | Net pay | Employer cost',
      'Asha Rao EMP0001 | 26 / 0 | 1,50,000 | 1,800 | 0 | 200 | 12,567 | 1,35,433 | 1,950',
      'Meera Iyer EMP0002 | 14 / 0 | 9,692 | 582 | 73 | 0 | 0 | 9,037 | 945',
      'Total (2) |  | 1,59,692 | 2,382 | 73 | 200 | 12,567 | 1,44,470 | 2,895',
    ]);
    expect(screen.getByRole('heading', { name: '2 warnings' })).toBeInTheDocument();
    expect(screen.getByText('Meera Iyer joined on 2025-04-15: paid from that day')).toBeInTheDocument();

    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:http://localhost/register'), revokeObjectURL: jest.fn() });
    const saved: string[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await user.click(screen.getByRole('button', { name: 'Download Register (.xlsx)' }));
    await waitFor(() => expect(saved).toEqual(['payroll-register_2025-04.xlsx']));
    expect(network.requests().filter((r) => r.url.includes('format=xlsx'))).toHaveLength(1);
  });

  it('lists the first ten warnings of a kind that applies to many, and the rest when asked', async () => {
    const noPan = Array.from({ length: 600 }, (_, i) => {
      const employeeId = `EMP${String(i + 1).padStart(4, '0')}`;
      return { employeeId, name: `Person ${i + 1}`, kind: 'missing-pan' as const, text: `Person ${i + 1} has no PAN`, blocking: false, overridden: null };
    });
    mockAdminScreen({ 'GET /api/salary/register/2025-04': () => json(200, { ...REGISTER, warnings: [...noPan, REGISTER.warnings[1]!] }) });
    const { user } = renderApp({ path: '/admin/payroll/register?month=2025-04', token: adminToken() });
    const group = await screen.findByRole('region', { name: 'No PAN (600)' });
    expect(within(group).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('Meera Iyer joined on 2025-04-15: paid from that day')).toBeInTheDocument();
    await user.click(within(group).getByRole('button', { name: 'Show all 600 warnings: No PAN' }));
    expect(within(group).getAllByRole('listitem')).toHaveLength(600);
    expect(within(group).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a company of a thousand fifty rows at a time in both tables, with the whole month in the totals', async () => {
    const row = REGISTER.rows[0]!;
    const rows = Array.from({ length: 1020 }, (_, i) => ({ ...row, employeeId: `EMP${String(i + 1).padStart(4, '0')}`, name: `Person ${i + 1}` }));
    mockAdminScreen({ 'GET /api/salary/register/2025-04': () => json(200, { ...REGISTER, rows, totals: { ...REGISTER.totals, employees: 1020 } }) });
    const { user } = renderApp({ path: '/admin/payroll/register?month=2025-04', token: adminToken() });
    const table = await screen.findByRole('table', { name: 'Payroll register for April 2025' });
    const pager = screen.getByRole('navigation', { name: 'Pages of the payroll register' });
    const names = () => within(table).getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(within(pager).getByText('Employees 1–50 of 1,020')).toBeInTheDocument();
    expect(names()).toHaveLength(51);
    expect(names()[50]).toBe('Total (1,020)');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    for (let page = 1; page < 21; page++) await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(within(pager).getByText('Employees 1,001–1,020 of 1,020')).toBeInTheDocument();
    const lastPage = Array.from({ length: 20 }, (_, i) => `Person ${1001 + i} EMP${String(1001 + i).padStart(4, '0')}`);
    expect(names()).toEqual([...lastPage, 'Total (1,020)']);
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    // The PF wages below list the same page of people.
    const statutory = screen.getByRole('table', { name: 'PF wages and ESI coverage for April 2025' });
    expect(within(statutory).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(lastPage);
  });

  it('shows the server msg when the register cannot be made', async () => {
    mockAdminScreen({ 'GET /api/salary/register/2025-04': () => json(400, { msg: 'No provident fund rule is in force' }) });
    renderApp({ path: '/admin/payroll/register?month=2025-04', token: adminToken() });
    expect(await screen.findByText('Error loading the payroll register: No provident fund rule is in force')).toBeInTheDocument();
  });
});
