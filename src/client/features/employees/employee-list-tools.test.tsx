/**
 * The Employee List's tools: search kept in ?q=, sortable headers with aria-sort, the
 * position filter, the count line, Export CSV of the view, and a 10,000-row roster that renders
 * only a window of rows. The whole app runs against a fake network (RTK Query for real).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Employee } from '../../../shared/schemas/employee';
import { rosterEmployee } from '../../test/fixtures';
import { json } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { mockAdminScreen } from '../../test/admin-screen-network';

const employee = rosterEmployee;

const ASHA = employee(1, { name: 'Asha Rao', email: 'asha@example.com', salary: 1234567 });
const RAVI = employee(2, { name: 'Ravi Kumar', email: 'ravi@example.com', position: 'Designer', salary: 85000 });
const MEERA = employee(3, { name: 'Meera Iyer', email: 'meera@corp.example', position: 'Analyst', salary: 99000 });
const ROSTER = [ASHA, RAVI, MEERA];

function openList(roster: Employee[] = ROSTER, path = '/admin/employees/list') {
  const network = mockAdminScreen({ 'GET /api/employee': () => json(200, roster) });
  const app = renderApp({ path, token: adminToken() });
  return { ...app, ...network, search: () => new URLSearchParams(app.app.router.state.location.search) };
}

/** The Employee List card, apart from the frame around it. */
const card = async () => within((await screen.findByRole('heading', { name: 'Employee List' })).closest('section')!);
const table = async () => (await card()).findByRole('table', { name: 'Employee List' });
/** The Name cells of the body rows, top to bottom. */
const names = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
const countLine = async () => (await card()).getByText(/^Showing /);
/** The card once the roster has arrived (the tools show with the table). */
const loaded = async () => {
  await table();
  return card();
};
/** A Blob's bytes (jsdom's Blob has no arrayBuffer(), and its text() drops a BOM). */
const bytesOf = (blob: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });

describe('Employee List tools', () => {
  afterEach(() => jest.restoreAllMocks());

  it('searches name, email, employee ID and position as you type, and keeps the search in ?q=', async () => {
    const { user, search } = openList();
    const box = (await loaded()).getByRole('searchbox', { name: 'Search employees' });
    expect(await names()).toEqual(['Asha Rao', 'Ravi Kumar', 'Meera Iyer']);
    expect(await countLine()).toHaveTextContent('Showing 3 of 3');

    await user.type(box, 'ravi');
    await waitFor(async () => expect(await names()).toEqual(['Ravi Kumar']));
    expect(await countLine()).toHaveTextContent('Showing 1 of 3');
    await waitFor(() => expect(search().get('q')).toBe('ravi'));

    await user.clear(box);
    await user.type(box, 'corp.example');
    await waitFor(async () => expect(await names()).toEqual(['Meera Iyer']));
    await user.clear(box);
    await user.type(box, 'EMP0001');
    await waitFor(async () => expect(await names()).toEqual(['Asha Rao']));
    await user.clear(box);
    await user.type(box, 'designer');
    await waitFor(async () => expect(await names()).toEqual(['Ravi Kumar']));

    await user.clear(box);
    await waitFor(async () => expect(await names()).toHaveLength(3));
    await waitFor(() => expect(search().has('q')).toBe(false));
  });

  it('opens with the search of the address (?q= round trip), and Clear filters empties it', async () => {
    const { user, search, app } = openList(ROSTER, '/admin/employees/list?q=meera&position=Analyst');
    const section = await loaded();
    expect(section.getByRole('searchbox', { name: 'Search employees' })).toHaveValue('meera');
    expect(section.getByRole('combobox', { name: 'Filter by position' })).toHaveValue('Analyst');
    await waitFor(async () => expect(await names()).toEqual(['Meera Iyer']));

    await user.click(section.getByRole('button', { name: 'Clear filters' }));
    await waitFor(async () => expect(await names()).toHaveLength(3));
    expect(section.getByRole('searchbox', { name: 'Search employees' })).toHaveValue('');
    await waitFor(() => expect(search().toString()).toBe(''));
    expect(section.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();

    // An address the box did not write (a link, Back) replaces what is typed.
    await act(() => app.router.navigate('/admin/employees/list?q=ravi'));
    await waitFor(() => expect(section.getByRole('searchbox', { name: 'Search employees' })).toHaveValue('ravi'));
    await waitFor(async () => expect(await names()).toEqual(['Ravi Kumar']));
  });

  it("says 'No employees found.' when nothing matches, and keeps the tools", async () => {
    const { user } = openList();
    const section = await loaded();
    await user.type(section.getByRole('searchbox', { name: 'Search employees' }), 'nobody at all');
    expect(await section.findByText('No employees found.')).toBeInTheDocument();
    expect(section.queryByRole('table')).not.toBeInTheDocument();
    expect(await countLine()).toHaveTextContent('Showing 0 of 3');
    expect(section.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });

  it('sorts by every data column from its header, shown with aria-sort, kept in ?sort=&order=', async () => {
    const { user, search } = openList();
    const header = async (name: string) => within(await table()).getByRole('columnheader', { name });
    for (const name of ['Employee ID', 'Name', 'Email', 'Position', 'Salary']) {
      expect(within(await header(name)).getByRole('button', { name })).toBeInTheDocument();
      expect(await header(name)).not.toHaveAttribute('aria-sort');
    }
    expect(within(await header('Actions')).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(await header('Name')).getByRole('button', { name: 'Name' }));
    await waitFor(async () => expect(await header('Name')).toHaveAttribute('aria-sort', 'ascending'));
    expect(await names()).toEqual(['Asha Rao', 'Meera Iyer', 'Ravi Kumar']);
    expect(search().get('sort')).toBe('name');
    expect(search().has('order')).toBe(false);

    await user.click(within(await header('Name')).getByRole('button', { name: 'Name' }));
    await waitFor(async () => expect(await header('Name')).toHaveAttribute('aria-sort', 'descending'));
    expect(await names()).toEqual(['Ravi Kumar', 'Meera Iyer', 'Asha Rao']);
    expect(search().get('order')).toBe('desc');

    // The keyboard works too: Tab to a header's button, Enter sorts by it (salary as a number).
    within(await header('Salary')).getByRole('button', { name: 'Salary' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(async () => expect(await header('Salary')).toHaveAttribute('aria-sort', 'ascending'));
    expect(await header('Name')).not.toHaveAttribute('aria-sort');
    expect(await names()).toEqual(['Ravi Kumar', 'Meera Iyer', 'Asha Rao']);
    expect(search().get('sort')).toBe('salary');
  });

  it('opens sorted as the address says', async () => {
    openList(ROSTER, '/admin/employees/list?sort=position&order=desc');
    await waitFor(async () => expect(await names()).toEqual(['Asha Rao', 'Ravi Kumar', 'Meera Iyer']));
    expect(within(await table()).getByRole('columnheader', { name: 'Position' })).toHaveAttribute('aria-sort', 'descending');
  });

  it('filters by position, with the positions of the data as options', async () => {
    const { user, search } = openList();
    const select = (await loaded()).getByRole('combobox', { name: 'Filter by position' });
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['All positions', 'Analyst', 'Designer', 'Engineer']);
    await user.selectOptions(select, 'Designer');
    await waitFor(async () => expect(await names()).toEqual(['Ravi Kumar']));
    expect(await countLine()).toHaveTextContent('Showing 1 of 3');
    await waitFor(() => expect(search().get('position')).toBe('Designer'));
    await user.selectOptions(select, '');
    await waitFor(async () => expect(await names()).toHaveLength(3));
  });

  it('exports the rows in view as CSV: BOM, spec headers, view order, formulas defused', async () => {
    const saved: { blob: Blob; name: string }[] = [];
    const blobs = new Map<string, Blob>();
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => {},
    });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ blob: blobs.get(this.getAttribute('href')!)!, name: this.download });
    });
    const hostile = [
      employee(4, { name: '=HYPERLINK("http://evil.example","Click")', position: 'Engineer', salary: 1000 }),
      employee(5, { name: '+91 Caller', email: '@mention@example.com', position: 'Engineer', salary: 2000 }),
      employee(6, { name: '-Minus, "Quoted"', position: 'Engineer', salary: 3000.5 }),
    ];
    const { user } = openList([...ROSTER, ...hostile]);
    const section = await loaded();
    await user.selectOptions(section.getByRole('combobox', { name: 'Filter by position' }), 'Engineer');
    await user.click(within(await table()).getByRole('button', { name: 'Salary' }));
    await user.click(within(await table()).getByRole('button', { name: 'Salary' }));
    await waitFor(async () => expect(await names()).toHaveLength(4));

    await user.click(section.getByRole('button', { name: 'Export CSV' }));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toMatch(/^employees_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(saved[0]!.blob.type).toBe('text/csv;charset=utf-8');
    const bytes = await bytesOf(saved[0]!.blob);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split('\r\n')).toEqual([
      'Employee ID,Name,Email,Position,Salary',
      'EMP0001,Asha Rao,asha@example.com,Engineer,1234567',
      `EMP0006,"'-Minus, ""Quoted""",person6@example.com,Engineer,3000.5`,
      `EMP0005,'+91 Caller,'@mention@example.com,Engineer,2000`,
      `EMP0004,"'=HYPERLINK(""http://evil.example"",""Click"")",person4@example.com,Engineer,1000`,
      '',
    ]);
  });
});

describe('Employee List with 10,000 employees', () => {
  afterEach(() => jest.restoreAllMocks());

  it('renders only a window of rows, and search, sort and count work over all of them', async () => {
    // Twelve of 10,000 share a surname, so a search finds exactly them.
    const roster = Array.from({ length: 10_000 }, (_, i) =>
      employee(i + 1, i % 834 === 0 ? { name: `Person ${i + 1} Chatterjee` } : {}),
    );
    const { user } = openList(roster);
    const section = await card();
    const list = await section.findByRole('table', { name: 'Employee List' }, { timeout: 10_000 });
    expect(list).toHaveAttribute('aria-rowcount', '10001');
    // A cheap selector, not a role query: role queries over a big DOM are slow in jsdom.
    const bodyRows = () => [...list.querySelectorAll('tbody tr[aria-rowindex]')];
    expect(bodyRows().length).toBeGreaterThan(5);
    expect(bodyRows().length).toBeLessThan(60);
    expect(await countLine()).toHaveTextContent('Showing 10,000 of 10,000');

    // Scrolled to the middle, the window follows and stays small.
    const scroller = section.getByRole('region', { name: 'Employee table (scrolls)' });
    scroller.scrollTop = 5000 * 53;
    fireEvent.scroll(scroller);
    await waitFor(() => expect(list.querySelector('tr[aria-rowindex="5002"]')).not.toBeNull());
    expect(bodyRows().length).toBeLessThan(60);
    expect(Math.min(...bodyRows().map((r) => Number(r.getAttribute('aria-rowindex'))))).toBeGreaterThan(4900);

    await user.type(section.getByRole('searchbox', { name: 'Search employees' }), 'chatterjee');
    await waitFor(() => expect(section.getByText(/^Showing /)).toHaveTextContent('Showing 12 of 10,000'), { timeout: 10_000 });
    const table = await section.findByRole('table', { name: 'Employee List' });
    expect(table).toHaveAttribute('aria-rowcount', '13');

    await user.click(within(table).getByRole('button', { name: 'Employee ID' }));
    await user.click(within(table).getByRole('button', { name: 'Employee ID' }));
    await waitFor(() =>
      expect(table.querySelector('tr[aria-rowindex="2"] td')?.textContent).toBe('EMP9175'),
    );
  });

  it('offers the Invite button while an import holds invitations, and sends them all', async () => {
    let held = 300;
    mockAdminScreen({
      'GET /api/employee': () => json(200, ROSTER),
      'GET /api/employee/invitations': () => json(200, { held }),
      'POST /api/employee/invitations': () => {
        const count = held;
        held = 0;
        return json(200, { msg: `Sent ${count} invitations`, count });
      },
    });
    const { user } = renderApp({ path: '/admin/employees/list', token: adminToken() });
    const invite = await (await loaded()).findByRole('button', { name: 'Invite 300 held' });
    await user.click(invite);
    expect(await screen.findByText('Sent 300 invitations')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Invite \d+ held$/ })).not.toBeInTheDocument());
  });
});
