/** Renders the whole app (real store, session machine, routes) at a path, for component tests. */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { TOKEN_STORAGE_KEY } from '../../shared/constants';
import { createApp } from '../app/create-app';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';

const running: { stop(): void }[] = [];

// The session actor outlives React's unmount; stop it so no timer leaks into the next test.
afterEach(() => {
  running.splice(0).forEach((actor) => actor.stop());
});

export function renderApp({ path = '/', token = null }: { path?: string; token?: string | null } = {}) {
  if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const alert = jest.fn();
  const app = createApp({ router, alert });
  running.push(app.session);
  const user = userEvent.setup();
  const view = render(<AppProviders app={app} />);
  return {
    ...view,
    app,
    alert,
    user,
    pathname: () => router.state.location.pathname,
    storedToken: () => localStorage.getItem(TOKEN_STORAGE_KEY),
  };
}
