/** A new screen drops the last screen's error toast and keeps a success toast (submit → success → redirect). */
import { act, screen, waitFor, within } from '@testing-library/react';
import { mockAdminScreen } from '../test/admin-screen-network';
import { json } from '../test/network';
import { renderApp } from '../test/render-app';
import { adminToken } from '../test/tokens';

const toast = (tone: 'success' | 'error', message: string) => ({ type: 'TOAST' as const, toast: { id: `${tone}-${message}`, tone, message } });

describe('toasts across screens', () => {
  beforeEach(() => mockAdminScreen({ 'GET /api/task': () => json(200, []), 'GET /api/employee/list': () => json(200, []) }));

  it("drops the last screen's error toast on a new screen", async () => {
    const { app, user } = renderApp({ path: '/admin/tasks', token: adminToken() });
    await screen.findByRole('navigation');
    act(() => app.feedback.send(toast('error', 'Error creating task: Title is required')));
    expect(screen.getByRole('alert')).toHaveTextContent('Error creating task: Title is required');
    await user.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'Employee List' }));
    // The new screen loads its code first; the toast goes once the route has changed.
    await waitFor(() => expect(screen.queryByText('Error creating task: Title is required')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'Employee List' })).toBeInTheDocument();
  });

  it('keeps a success toast on the screen it leads to', async () => {
    const { app, user } = renderApp({ path: '/admin/tasks', token: adminToken() });
    await screen.findByRole('navigation');
    act(() => app.feedback.send(toast('success', 'Employee added successfully')));
    await user.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'Employee List' }));
    expect(await screen.findByRole('heading', { name: 'Employee List' })).toBeInTheDocument();
    expect(screen.getByText('Employee added successfully')).toBeInTheDocument();
  });
});
