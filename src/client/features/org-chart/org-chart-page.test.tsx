import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Employee } from '../../../shared/schemas/employee';
import { mockAdminScreen } from '../../test/admin-screen-network';
import { json } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { APPROVALS_UI, ORG_UI } from './org-chart-copy';

const person = (id: number, name: string, managerId: number | null, position = 'Engineer'): Employee => ({
  _id: String(id),
  employeeId: `EMP${String(id).padStart(4, '0')}`,
  name,
  email: `p${id}@example.com`,
  position,
  salary: 50000,
  joiningDate: '2024-01-01',
  managerId: managerId === null ? null : String(managerId),
});
const PEOPLE = [person(1, 'Meera Iyer', null, 'CEO'), person(2, 'Ravi Kumar', 1, 'Head of Engineering'), person(3, 'Asha Rao', 1), person(4, 'Zoya Khan', 2), person(5, 'Kiran Das', 2)];

const items = () => within(screen.getByRole('tree', { name: ORG_UI.tree })).getAllByRole('treeitem');
const label = (el: HTMLElement) => el.querySelector('.org__name')!.textContent;

async function open(people = PEOPLE) {
  mockAdminScreen({ 'GET /api/employee': () => json(200, people) });
  renderApp({ path: '/admin/org-chart', token: adminToken() });
  await screen.findByRole('tree', { name: ORG_UI.tree });
}

describe('Org chart', () => {
  it('shows the top of the tree opened one level, as an ARIA tree', async () => {
    await open();
    expect(items().map(label)).toEqual(['Meera Iyer', 'Asha Rao', 'Ravi Kumar']);
    const [meera, asha, ravi] = items();
    expect(meera).toHaveAttribute('aria-level', '1');
    expect(meera).toHaveAttribute('aria-expanded', 'true');
    expect(asha).toHaveAttribute('aria-level', '2');
    expect(asha).not.toHaveAttribute('aria-expanded');
    expect(ravi).toHaveAttribute('aria-expanded', 'false');
    expect(ravi).toHaveAttribute('aria-posinset', '2');
    expect(ravi).toHaveTextContent('2 direct reports');
    expect(meera).toHaveTextContent('2 direct reports, 4 in team');
    expect(screen.getByText('5 people')).toBeInTheDocument();
  });

  it('moves and opens with the keyboard, one row in the tab order', async () => {
    await open();
    const user = userEvent.setup();
    // From the search box: Expand all, Collapse all, then the tree's one focusable row.
    await user.click(screen.getByLabelText(ORG_UI.search));
    await user.tab();
    await user.tab();
    await user.tab();
    expect(items()[0]).toHaveFocus();
    expect(items().filter((i) => i.tabIndex === 0)).toHaveLength(1);
    await user.keyboard('{ArrowDown}{ArrowDown}');
    await waitFor(() => expect(items()[2]).toHaveFocus());
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(items().map(label)).toEqual(['Meera Iyer', 'Asha Rao', 'Ravi Kumar', 'Kiran Das', 'Zoya Khan']));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(items()[3]).toHaveFocus());
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(items()[2]).toHaveFocus());
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(items().map(label)).toEqual(['Meera Iyer', 'Asha Rao', 'Ravi Kumar']));
    await user.keyboard('{Home}{Enter}');
    await waitFor(() => expect(items().map(label)).toEqual(['Meera Iyer']));
  });

  it('finds people and opens the chain above them; says when nobody matches', async () => {
    await open();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(ORG_UI.search), 'zoya');
    await waitFor(() => expect(items().map(label)).toEqual(['Meera Iyer', 'Ravi Kumar', 'Zoya Khan']));
    expect(items()[2]).toHaveClass('org__row--match');
    expect(screen.getByText('5 people · 1 found')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(ORG_UI.search));
    await user.type(screen.getByLabelText(ORG_UI.search), 'nobody here');
    expect(await screen.findByText(ORG_UI.noMatch('nobody here'))).toBeInTheDocument();
  });

  it('expands and collapses everyone', async () => {
    await open();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: ORG_UI.expandAll }));
    expect(items()).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: ORG_UI.collapseAll }));
    expect(items().map(label)).toEqual(['Meera Iyer']);
  });

  it('renders only the rows in view for 1,200 people', async () => {
    const many = Array.from({ length: 1200 }, (_, i) => person(i + 1, `Person ${String(i + 1).padStart(4, '0')}`, i === 0 ? null : 1));
    await open(many);
    expect(screen.getByText('1,200 people')).toBeInTheDocument();
    expect(items().length).toBeLessThan(60);
  });

  it('has an empty state', async () => {
    mockAdminScreen({ 'GET /api/employee': () => json(200, []) });
    renderApp({ path: '/admin/org-chart', token: adminToken() });
    expect(await screen.findByText(ORG_UI.empty)).toBeInTheDocument();
  });
});

describe('Approvals card', () => {
  it('starts from the saved settings, marks a bad number of days, and saves what the boxes say', async () => {
    const network = mockAdminScreen({
      'GET /api/employee': () => json(200, PEOPLE),
      'GET /api/approval-settings': () => json(200, { skipLevel: false, escalateAfterDays: 3 }),
      'PUT /api/approval-settings': async (req: Request) => json(200, await req.clone().json()),
    });
    renderApp({ path: '/admin/org-chart', token: adminToken() });
    const user = userEvent.setup();
    const days = await screen.findByLabelText(APPROVALS_UI.escalate);
    expect(days).toHaveValue('3');
    expect(screen.getByLabelText(APPROVALS_UI.skipLevel)).not.toBeChecked();
    await user.clear(days);
    await user.type(days, '0');
    await user.click(screen.getByRole('button', { name: APPROVALS_UI.save }));
    expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(days).toHaveAccessibleDescription(new RegExp(APPROVALS_UI.escalateInvalid));
    expect(network.requests().some((r) => r.method === 'PUT')).toBe(false);
    // Blank turns escalation off; skip level on.
    await user.clear(days);
    await user.click(screen.getByLabelText(APPROVALS_UI.skipLevel));
    await user.click(screen.getByRole('button', { name: APPROVALS_UI.save }));
    expect(await screen.findByText(APPROVALS_UI.saved)).toBeInTheDocument();
    const put = network.requests().find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({ skipLevel: true, escalateAfterDays: null });
    expect(screen.getByLabelText(APPROVALS_UI.skipLevel)).toBeChecked();
  });
});
