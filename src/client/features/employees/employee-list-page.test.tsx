import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { rosterEmployee } from '../../test/fixtures';
import { FALLBACK, MSG, PREFIX } from '../../copy';
import { deferred, json } from '../../test/network';
import { expectToast, renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { listRequests, mockAdminScreen } from '../../test/admin-screen-network';
import { lastCompletePeriod } from './slip-period';
import { FEEDBACK_UI } from '../../feedback/feedback-copy';

const employee = rosterEmployee;

const ASHA = employee(1, { name: 'Asha Rao', email: 'asha@example.com', salary: 1234567 });
const RAVI = employee(2, { name: 'Ravi Kumar', email: 'ravi@example.com', position: 'Designer', salary: 85000.5 });

function openList(handlers: Parameters<typeof mockAdminScreen>[0] = {}) {
  const network = mockAdminScreen({ 'GET /api/employee': () => json(200, [ASHA, RAVI]), ...handlers });
  const app = renderApp({ path: '/admin/employees/list', token: adminToken() });
  return { ...app, ...network };
}

/** The Employee List card, apart from the frame's attendance overview. */
const listSection = async () => within((await screen.findByRole('heading', { name: 'Employee List' })).closest('section')!);

describe('Employee List', () => {
  afterEach(() => jest.restoreAllMocks());

  it("shows 'Loading Employees...' until the list arrives", async () => {
    const pending = deferred();
    openList({ 'GET /api/employee': () => pending.promise });
    const section = await listSection();
    expect(section.getByRole('status')).toHaveTextContent('Loading Employees...');
    act(() => pending.release(json(200, [ASHA])));
    expect(await section.findByRole('cell', { name: 'Asha Rao' })).toBeInTheDocument();
    expect(section.queryByText('Loading Employees...')).not.toBeInTheDocument();
  });

  it('filters by status: current by default, on notice, left and all, each leaver marked', async () => {
    const current = [
      { ...ASHA, status: 'active', leftOn: null },
      { ...RAVI, status: 'on-notice', leftOn: '2026-12-31' },
    ];
    const gone = { ...employee(3, { name: 'Kiran Shetty', email: 'kiran@example.com' }), status: 'left', leftOn: '2026-10-20' };
    const { user, requests } = openList({
      'GET /api/employee': (req) => {
        const status = new URL(req.url).searchParams.get('status');
        return json(200, status === 'left' ? [gone] : status === 'all' ? [...current, gone] : current);
      },
    });
    const section = await listSection();
    const table = await section.findByRole('table', { name: 'Employee List' });
    expect((await within(table).findAllByText('On notice, leaves 2026-12-31')).length).toBeGreaterThan(0);
    expect(within(table).queryAllByText(/Kiran Shetty/)).toHaveLength(0);
    const filter = section.getByLabelText('Filter by status');
    await user.selectOptions(filter, 'on-notice');
    await waitFor(() => expect(within(table).queryAllByText('Asha Rao')).toHaveLength(0));
    expect(within(table).getAllByText(/Ravi Kumar/).length).toBeGreaterThan(0);
    await user.selectOptions(filter, 'left');
    // The list is read again for the other people: the card renders anew.
    expect((await screen.findAllByText('Left 2026-10-20')).length).toBeGreaterThan(0);
    expect((await listSection()).queryAllByText(/Ravi Kumar/)).toHaveLength(0);
    await user.selectOptions((await listSection()).getByLabelText('Filter by status'), 'all');
    expect((await screen.findAllByText(/Asha Rao/)).length).toBeGreaterThan(0);
    expect((await listSection()).getAllByText(/Kiran Shetty/).length).toBeGreaterThan(0);
    expect(requests().map((r) => new URL(r.url).search).filter((q) => q.startsWith('?status'))).toEqual(['?status=left', '?status=all']);
  });

  it('lists the spec columns, salaries in rupees with Indian grouping, and the row actions', async () => {
    openList();
    const section = await listSection();
    const table = await section.findByRole('table', { name: 'Employee List' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Employee ID',
      'Name',
      'Email',
      'Position',
      'Salary',
      'Actions',
    ]);
    const rows = within(table).getAllByRole('row');
    expect(table).toHaveAttribute('aria-rowcount', '3');
    expect(rows.map((r) => r.getAttribute('aria-rowindex'))).toEqual(['1', '2', '3']);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').slice(0, 5).map((td) => td.textContent);
    expect(cells(rows[1]!)).toEqual(['EMP0001', 'Asha Rao', 'asha@example.com', 'Engineer', '₹12,34,567']);
    expect(cells(rows[2]!)).toEqual(['EMP0002', 'Ravi Kumar', 'ravi@example.com', 'Designer', '₹85,000.50']);
    expect(within(rows[1]!).getByRole('link', { name: 'Edit Asha Rao' })).toHaveAttribute('href', '/admin/employees/edit/1');
    expect(within(rows[1]!).getByRole('button', { name: 'Delete Asha Rao' })).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Email Salary Slip Asha Rao' })).toBeInTheDocument();
  });

  it("says 'No employees found.' for an empty roster", async () => {
    openList({ 'GET /api/employee': () => json(200, []) });
    const section = await listSection();
    expect(await section.findByText('No employees found.')).toBeInTheDocument();
    expect(section.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows 'Error fetching employees: ' + the server msg, or the fallback", async () => {
    openList({ 'GET /api/employee': () => json(403, { msg: 'You do not have permission to do this' }) });
    const section = await listSection();
    expect(await section.findByRole('alert')).toHaveTextContent(`${PREFIX.fetchEmployees}You do not have permission to do this`);
  });

  it('falls back to the spec text when the error carries no msg', async () => {
    openList({ 'GET /api/employee': () => json(500, {}) });
    const section = await listSection();
    expect(await section.findByRole('alert')).toHaveTextContent(PREFIX.fetchEmployees + FALLBACK.fetchEmployees);
  });

  it('Delete asks the spec question in a dialog, deletes, shows a toast, and the list refreshes through its tag', async () => {
    let roster = [ASHA, RAVI];
    const { user, requests, shown } = openList({
      'GET /api/employee': () => json(200, roster),
      'DELETE /api/employee/2': () => {
        roster = [ASHA];
        return json(200, { msg: 'Employee deleted successfully' });
      },
    });
    const section = await listSection();
    const remove = await section.findByRole('button', { name: 'Delete Ravi Kumar' });
    await user.click(remove);
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete employee' });
    // The spec's question first, then a line naming the person and what a delete does.
    expect(dialog).toHaveAccessibleDescription(`${MSG.confirmDelete} ${FEEDBACK_UI.deleteWhat(`${RAVI.name} (${RAVI.employeeId})`)}`);
    // A destructive question starts on Cancel.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(requests().filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await expectToast(MSG.employeeDeleted);
    await waitFor(() => expect(section.queryByRole('cell', { name: 'Ravi Kumar' })).not.toBeInTheDocument());
    expect(section.getByRole('cell', { name: 'Asha Rao' })).toBeInTheDocument();
    expect(listRequests(requests())).toHaveLength(2);
    expect(shown()).toEqual([
      { kind: 'confirm', message: MSG.confirmDelete },
      { kind: 'toast', tone: 'success', message: MSG.employeeDeleted },
    ]);
  });

  it('Cancel (or Escape) sends nothing, says nothing, and gives the focus back to the row', async () => {
    const { user, requests, shown } = openList();
    const section = await listSection();
    const remove = await section.findByRole('button', { name: 'Delete Ravi Kumar' });
    await user.click(remove);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    await user.click(remove);
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    expect(remove).toBeEnabled();
    expect(requests().filter((r) => r.method === 'DELETE')).toHaveLength(0);
    expect(shown().filter((s) => s.kind === 'toast')).toEqual([]);
  });

  it("a failed delete shows 'Error deleting employee: ' + msg as an error toast", async () => {
    const { user } = openList({ 'DELETE /api/employee/2': () => json(404, { msg: 'Employee not found' }) });
    const section = await listSection();
    await user.click(await section.findByRole('button', { name: 'Delete Ravi Kumar' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await expectToast(`${PREFIX.deleteEmployee}Employee not found`, 'error');
  });

  it('Email Salary Slip asks month and year in one dialog (the last complete month first) and sends them as typed', async () => {
    const { user, requests } = openList({
      'POST /api/salary/email': () => json(200, { msg: 'Salary slip for March 2025 emailed to asha@example.com' }),
    });
    const section = await listSection();
    const button = await section.findByRole('button', { name: 'Email Salary Slip Asha Rao' });
    await user.click(button);
    const dialog = await screen.findByRole('alertdialog', { name: 'Email Salary Slip' });
    expect(dialog).toHaveAccessibleDescription(/Asha Rao \(EMP0001\)/);
    expect(within(dialog).getByLabelText('Month')).toHaveValue(lastCompletePeriod(undefined).month);
    expect(within(dialog).getByLabelText('Year')).toHaveValue(lastCompletePeriod(undefined).year);
    await user.clear(within(dialog).getByLabelText('Month'));
    await user.type(within(dialog).getByLabelText('Month'), 'March');
    await user.clear(within(dialog).getByLabelText('Year'));
    await user.type(within(dialog).getByLabelText('Year'), '2025');
    await user.click(within(dialog).getByRole('button', { name: 'Send Salary Slip' }));
    await expectToast('Salary slip for March 2025 emailed to asha@example.com');
    const post = requests().find((r) => r.method === 'POST')!;
    expect(await post.json()).toEqual({ employeeId: 'EMP0001', month: 'March', year: '2025' });
    expect(button).toHaveFocus();
  });

  it("a failed email shows 'Error emailing salary slip: ' + msg; cancelling sends nothing", async () => {
    const { user, requests } = openList({
      'POST /api/salary/email': () => json(502, { msg: 'The salary slip could not be emailed: refused' }),
    });
    const section = await listSection();
    const button = await section.findByRole('button', { name: 'Email Salary Slip Asha Rao' });
    await user.click(button);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(requests().filter((r) => r.method === 'POST')).toHaveLength(0);
    await user.click(button);
    // The default month, sent as it stands.
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Send Salary Slip' }));
    await expectToast(`${PREFIX.emailSalarySlip}The salary slip could not be emailed: refused`, 'error');
    expect(await requests().find((r) => r.method === 'POST')!.json()).toEqual({ employeeId: 'EMP0001', ...lastCompletePeriod(undefined) });
  });
});

describe('Employee List with 10,000 employees', () => {
  const ROW_PX = 53;
  const VIEW_PX = 600;

  // jsdom does no layout: give the scroll box and the rows the sizes a browser would.
  beforeEach(() => {
    jest.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.classList.contains('table-scroll') ? VIEW_PX : 0;
    });
    jest.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
      return this.tagName === 'TR' ? ROW_PX : 0;
    });
  });
  afterEach(() => jest.restoreAllMocks());

  // How fast it renders is a bench figure (npm run bench, figure 7), not a test: a busy machine would fail it.
  it('renders only the rows in view and scrolls by row index', async () => {
    const roster = Array.from({ length: 10_000 }, (_, i) => employee(i + 1));
    openList({ 'GET /api/employee': () => json(200, roster) });
    const section = await listSection();
    // A cheap selector, not a role query: role queries over a big DOM are slow in jsdom.
    await waitFor(() => expect(document.querySelector('tr[aria-rowindex="2"]')).not.toBeNull(), { timeout: 15_000, interval: 20 });
    const table = section.getByRole('table', { name: 'Employee List' });
    expect(within(table).getByRole('cell', { name: 'Person 1' })).toBeInTheDocument();

    expect(table).toHaveAttribute('aria-rowcount', '10001');
    const bodyRows = () => within(table).getAllByRole('row').filter((r) => r.hasAttribute('aria-rowindex') && r.getAttribute('aria-rowindex') !== '1');
    expect(bodyRows().length).toBeLessThan(40);

    const scroller = section.getByRole('region', { name: 'Employee table (scrolls)' });
    scroller.scrollTop = 5000 * ROW_PX;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(within(table).getByRole('cell', { name: 'Person 5001' })).toBeInTheDocument());
    const indexes = bodyRows().map((r) => Number(r.getAttribute('aria-rowindex')));
    expect(indexes).toContain(5002);
    expect(Math.min(...indexes)).toBeGreaterThan(4900);
    expect(bodyRows().length).toBeLessThan(40);
  });
});
