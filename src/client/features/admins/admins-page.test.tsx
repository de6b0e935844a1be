import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminAccount } from '../../../shared/schemas/admins';
import { mockAdminScreen } from '../../test/admin-screen-network';
import { json } from '../../test/network';
import { expectToast, renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { ADMINS_UI } from './admins-copy';

const admin = (id: string, name: string, extra: Partial<AdminAccount> = {}): AdminAccount => ({
  _id: id,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  active: true,
  invited: false,
  lastSignInAt: '2026-11-20T09:30:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
  you: false,
  ...extra,
});

function fakeServer(initial: AdminAccount[]) {
  const rows = [...initial];
  const network = mockAdminScreen({
    'GET /api/admins': () => json(200, rows),
    'POST /api/admins': async (req) => {
      const body = (await req.clone().json()) as { name: string; email: string };
      if (rows.some((r) => r.email === body.email)) return json(409, { msg: 'An account with this email already exists' });
      rows.push(admin(String(rows.length + 10), body.name, { email: body.email, invited: true, lastSignInAt: null }));
      return json(201, { msg: `Invitation sent to ${body.email}`, _id: '99' });
    },
    'PUT /api/admins/2/deactivate': () => {
      rows[1] = { ...rows[1]!, active: false };
      return json(200, { msg: 'Venkata can no longer sign in' });
    },
    'PUT /api/admins/3/deactivate': () => json(409, { msg: 'This is the last active admin: invite and let another admin sign in first' }),
  });
  return { ...network, rows };
}

const page = () => within(screen.getByRole('region', { name: ADMINS_UI.title }));

describe('Admins screen', () => {
  const people = [
    admin('1', 'Admin', { you: true }),
    admin('2', 'Venkata Satya Narayana Lakshmi Prasanna Kumari'),
    admin('3', 'Meera Iyer', { invited: true, lastSignInAt: null }),
  ];

  it('lists the admins with their status and last sign-in; no Deactivate on your own row', async () => {
    fakeServer(people);
    renderApp({ path: '/admin/admins', token: adminToken() });
    await screen.findByRole('cell', { name: 'venkata@example.com' });
    const rows = page().getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['Admin (you)', 'Venkata Satya Narayana Lakshmi Prasanna Kumari ', 'Meera Iyer ']);
    expect(within(rows[2]!).getByText(ADMINS_UI.invited)).toBeInTheDocument();
    expect(within(rows[2]!).getByText(ADMINS_UI.never)).toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: ADMINS_UI.deactivateLabel(people[1]!.name) })).toBeEnabled();
  });

  it('invites an admin and shows them in the list', async () => {
    const server = fakeServer(people);
    renderApp({ path: '/admin/admins', token: adminToken() });
    await screen.findByRole('cell', { name: 'venkata@example.com' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: ADMINS_UI.invite }));
    // Above the form, and each blank field marked with its own words; focus on the first.
    expect(await screen.findByRole('alert')).toHaveTextContent(ADMINS_UI.nameRequired);
    expect(screen.getByLabelText(ADMINS_UI.name)).toHaveAccessibleDescription(ADMINS_UI.nameRequired);
    expect(screen.getByLabelText(ADMINS_UI.email)).toHaveAccessibleDescription(ADMINS_UI.emailRequired);
    expect(screen.getByLabelText(ADMINS_UI.name)).toHaveFocus();
    await user.type(screen.getByLabelText(ADMINS_UI.name), 'Farhan Qureshi');
    await user.type(screen.getByLabelText(ADMINS_UI.email), 'farhan@example.com');
    await user.click(screen.getByRole('button', { name: ADMINS_UI.invite }));
    expect(await screen.findByText('Invitation sent to farhan@example.com')).toBeInTheDocument();
    expect(await screen.findByRole('cell', { name: 'farhan@example.com' })).toBeInTheDocument();
    const post = server.requests().find((r) => r.method === 'POST')!;
    expect(await post.json()).toEqual({ name: 'Farhan Qureshi', email: 'farhan@example.com' });
  });

  it('deactivates after the in-app question, and shows the refusal for the last admin', async () => {
    fakeServer(people);
    renderApp({ path: '/admin/admins', token: adminToken() });
    await screen.findByRole('cell', { name: 'venkata@example.com' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: ADMINS_UI.deactivateLabel(people[1]!.name) }));
    const dialog = await screen.findByRole('alertdialog', { name: ADMINS_UI.deactivate });
    expect(dialog).toHaveTextContent('venkata@example.com');
    await user.click(within(dialog).getByRole('button', { name: ADMINS_UI.deactivate }));
    await expectToast('Venkata can no longer sign in');
    await waitFor(() => expect(page().getByText(ADMINS_UI.inactive)).toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: ADMINS_UI.deactivateLabel('Meera Iyer') }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: ADMINS_UI.deactivate }));
    await expectToast('This is the last active admin: invite and let another admin sign in first', 'error');
  });

  it('is listed in Settings', async () => {
    fakeServer(people);
    renderApp({ path: '/admin/settings', token: adminToken() });
    expect(await screen.findByRole('link', { name: 'Admins' })).toHaveAttribute('href', '/admin/admins');
  });
});
