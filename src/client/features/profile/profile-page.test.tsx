import { act, screen, waitFor, within } from '@testing-library/react';
import type { Employee } from '../../../shared/schemas/employee';
import { ACCOUNT_UI, FALLBACK, MSG, PREFIX } from '../../copy';
import { json, mockFetch } from '../../test/network';
import { expectToast, renderApp } from '../../test/render-app';
import { employeeToken } from '../../test/tokens';

// employeeToken() carries user.id '2': the record the profile must load.
const ME: Employee = { _id: '2', employeeId: 'EMP0001', name: 'Asha Rao', email: 'asha@example.com', position: 'Engineer', salary: 90000, joiningDate: '2024-04-01' };

function openProfile(handlers: Parameters<typeof mockFetch>[0] = {}, token = employeeToken()) {
  const network = mockFetch({
    'GET /api/employee/me': () => json(200, ME),
    'GET /api/employee/current': () => json(200, ME),
    'GET /api/employee/2': () => json(200, ME),
    ...handlers,
  });
  const app = renderApp({ path: '/employee/profile', token });
  return { ...app, ...network };
}

const profileSection = async () => within((await screen.findByRole('heading', { name: 'Edit Profile' })).closest('section')!);

describe('Profile page', () => {
  afterEach(() => jest.restoreAllMocks());

  it("loads the own record by the token's user.id into Name and Email, both required", async () => {
    const { requests } = openProfile();
    const section = await profileSection();
    expect(await section.findByLabelText('Name')).toHaveValue('Asha Rao');
    expect(section.getByLabelText('Email')).toHaveValue('asha@example.com');
    expect(section.getByLabelText('Name')).toBeRequired();
    expect(section.getByLabelText('Email')).toBeRequired();
    expect(section.queryByLabelText('Position')).not.toBeInTheDocument();
    expect(requests().some((r) => r.url.endsWith('/api/employee/2'))).toBe(true);
  });

  it('a token without user.id finds the own _id through GET /api/employee/current', async () => {
    const { requests } = openProfile({ 'GET /api/employee/current': () => json(200, { ...ME, _id: '9' }), 'GET /api/employee/9': () => json(200, { ...ME, _id: '9', name: 'Via Current' }) }, employeeToken({ user: { role: 'employee' } }));
    const section = await profileSection();
    expect(await section.findByLabelText('Name')).toHaveValue('Via Current');
    expect(requests().some((r) => r.url.endsWith('/api/employee/9'))).toBe(true);
  });

  it("Update Profile sends only name and email, then shows 'Profile updated successfully' as a toast", async () => {
    const { user, requests } = openProfile({ 'PUT /api/employee/edit/2': () => json(200, { msg: 'Employee updated successfully' }) });
    const section = await profileSection();
    const name = await section.findByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Asha R. Rao');
    await user.click(section.getByRole('button', { name: 'Update Profile' }));
    await expectToast(MSG.profileUpdated);
    const put = requests().find((r) => r.method === 'PUT')!;
    expect(await put.json()).toEqual({ name: 'Asha R. Rao', email: 'asha@example.com' });
    // The header greeting (ME) is refreshed by tag invalidation.
    await waitFor(() => expect(requests().filter((r) => r.url.endsWith('/api/employee/me'))).toHaveLength(2));
  });

  it('a new email that waits for confirmation: the success toast, then a lasting notice that a link was sent to it', async () => {
    const sent: unknown[] = [];
    const { user } = openProfile({
      'PUT /api/employee/edit/2': async (req) => {
        sent.push(await req.clone().json());
        return json(200, { msg: 'Employee updated successfully', pendingEmail: 'asha.new@example.com' });
      },
    });
    const section = await profileSection();
    const email = await section.findByLabelText('Email');
    expect(section.queryByText(/confirmation link/)).not.toBeInTheDocument();
    expect(section.queryByLabelText(ACCOUNT_UI.currentPassword)).not.toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'asha.new@example.com');
    // A new email asks for the current password, and sends it.
    await user.type(await section.findByLabelText(ACCOUNT_UI.currentPassword), 'my-password-1');
    await user.click(section.getByRole('button', { name: 'Update Profile' }));
    await expectToast(MSG.profileUpdated);
    expect(sent).toEqual([{ name: 'Asha Rao', email: 'asha.new@example.com', currentPassword: 'my-password-1' }]);
    const notice = await section.findByText(ACCOUNT_UI.emailChangePending('asha.new@example.com'));
    expect(notice.closest('[role="status"]')).not.toBeNull();
  });

  it("a failed update shows 'Error updating profile: ' + msg as an error toast", async () => {
    const { user } = openProfile({
      'PUT /api/employee/edit/2': () => json(409, { msg: 'An account with the email ravi@example.com already exists' }),
    });
    const section = await profileSection();
    await section.findByLabelText('Name');
    await user.click(section.getByRole('button', { name: 'Update Profile' }));
    await expectToast(`${PREFIX.updateProfile}An account with the email ravi@example.com already exists`, 'error');
  });

  it("a failed load shows the msg, or 'Failed to load profile'", async () => {
    openProfile({ 'GET /api/employee/2': () => json(500, {}) });
    const section = await profileSection();
    expect(await section.findByRole('alert')).toHaveTextContent(FALLBACK.loadProfile);
  });

  it('signed out in another tab: this tab follows to the login page (the session owns the token)', async () => {
    mockFetch({
      'GET /api/employee/me': () => json(200, ME),
      'GET /api/employee/current': () => json(200, ME),
    });
    const { user, pathname } = renderApp({ path: '/employee', token: employeeToken() });
    await screen.findByRole('heading', { name: 'Welcome, Asha Rao' });
    await user.click(screen.getByRole('link', { name: 'Profile' }));
    // What the browser does when another tab logs out: the key goes, and this tab hears of it.
    localStorage.removeItem('token');
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'token', oldValue: 'x', newValue: null })));
    await waitFor(() => expect(pathname()).toBe('/'));
    expect(await screen.findByRole('heading', { name: 'HR Portal Login' })).toBeInTheDocument();
  });
});
