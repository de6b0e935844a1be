import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditEntryView } from '../../../shared/schemas/audit';
import { mockAdminScreen } from '../../test/admin-screen-network';
import { json } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { AUDIT_PAGE } from './audit-api';
import { AUDIT_UI } from './audit-copy';

const entry = (id: number): AuditEntryView => ({
  _id: String(id),
  at: new Date(Date.UTC(2026, 10, 1) + id * 60_000).toISOString(),
  actor: { _id: '1', name: 'Venkata Satya Narayana', email: 'venkata@example.com' },
  action: id % 2 ? 'employee.update' : 'leave.decide',
  entity: id % 2 ? 'employee' : 'leave',
  entityId: String(id),
  before: { salary: id },
  after: { salary: id + 1 },
});

/** A log of `total` entries served like the server: newest first, keyset pages, filters by action. */
function fakeLog(total: number) {
  const all = Array.from({ length: total }, (_, i) => entry(total - i));
  const network = mockAdminScreen({
    'GET /api/audit': (req) => {
      const q = new URL(req.url).searchParams;
      const before = q.get('before') ? Number(q.get('before')) : Infinity;
      const rows = all.filter((e) => Number(e._id) < before && (!q.get('action') || e.action === q.get('action')));
      return json(200, rows.slice(0, Number(q.get('limit'))));
    },
    'GET /api/audit/facets': () => json(200, { actions: ['employee.update', 'leave.decide'], entities: ['employee', 'leave'] }),
  });
  const auditGets = () => network.requests().filter((r) => new URL(r.url).pathname === '/api/audit').map((r) => Object.fromEntries(new URL(r.url).searchParams));
  return { ...network, auditGets };
}

describe('Audit log screen', () => {
  it('shows the newest page and reads older pages by keyset', async () => {
    const server = fakeLog(AUDIT_PAGE * 2 + 50);
    renderApp({ path: '/admin/audit-log', token: adminToken() });
    expect(await screen.findByText(AUDIT_UI.loaded('200', true))).toBeInTheDocument();
    const table = screen.getByRole('table', { name: AUDIT_UI.title });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(Object.values(AUDIT_UI.columns));
    expect(within(table).getAllByText('salary: 450 → 451')).not.toHaveLength(0);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: AUDIT_UI.loadMore }));
    expect(await screen.findByText(AUDIT_UI.loaded('400', true))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: AUDIT_UI.loadMore }));
    expect(await screen.findByText(AUDIT_UI.loaded('450', false))).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: AUDIT_UI.loadMore })).not.toBeInTheDocument();
    expect(server.auditGets()).toEqual([
      { limit: '200' },
      { limit: '200', before: '251' },
      { limit: '200', before: '51' },
    ]);
  });

  it('applies filters to the query and the address, names a backwards range, and says when nothing matches', async () => {
    const server = fakeLog(30);
    const { search } = renderApp({ path: '/admin/audit-log', token: adminToken() });
    await screen.findByText(AUDIT_UI.loaded('30', false));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(AUDIT_UI.from), '2026-03-05');
    await user.type(screen.getByLabelText(AUDIT_UI.to), '2026-03-01');
    await user.click(screen.getByRole('button', { name: AUDIT_UI.apply }));
    expect(screen.getByLabelText(AUDIT_UI.from)).toHaveAccessibleDescription(AUDIT_UI.rangeBackwards);
    await user.click(screen.getByRole('button', { name: AUDIT_UI.clear }));
    await waitFor(() => expect(screen.getByLabelText(AUDIT_UI.action)).toHaveTextContent('leave.decide'));
    await user.selectOptions(screen.getByLabelText(AUDIT_UI.action), 'leave.decide');
    await user.click(screen.getByRole('button', { name: AUDIT_UI.apply }));
    expect(await screen.findByText(AUDIT_UI.loaded('15', false))).toBeInTheDocument();
    expect(search()).toBe('?action=leave.decide');
    expect(server.auditGets().at(-1)).toEqual({ action: 'leave.decide', limit: '200' });
  });

  it('has an empty state', async () => {
    fakeLog(0);
    renderApp({ path: '/admin/audit-log', token: adminToken() });
    expect(await screen.findByText(AUDIT_UI.empty)).toBeInTheDocument();
  });
});
