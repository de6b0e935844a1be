/**
 * Renders the whole app (real store, session machine, routes, in-app feedback) at a path, for
 * component tests. The app's own effects run; what the feedback actor showed is recorded in order
 * (`shown()`), and dialogs are answered by clicking them like a person would.
 */
import type { ReactElement } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { TOKEN_STORAGE_KEY } from '../../shared/constants';
import { createApp } from '../app/create-app';
import { FEEDBACK_UI } from '../feedback/feedback-copy';
import type { ToastTone } from '../feedback/feedback-machine';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';

const running: { stop(): void }[] = [];

/** One thing the feedback actor showed: a toast, or a dialog of some kind. */
export interface Shown {
  kind: 'toast' | 'alert' | 'confirm' | 'period';
  /** Toasts only. */
  tone?: ToastTone;
  message: string;
}

// The session actor outlives React's unmount; stop it so no timer leaks into the next test.
afterEach(() => {
  running.splice(0).forEach((actor) => actor.stop());
});

/**
 * Waits until a toast with exactly this text is on screen, with its tone's role: role="status"
 * for a success or note, role="alert" for an error. Returns the toast's message element.
 */
export async function expectToast(text: string, tone: ToastTone = 'success'): Promise<HTMLElement> {
  const role = tone === 'error' ? 'alert' : 'status';
  return waitFor(() => {
    const region = screen.getByRole('region', { name: FEEDBACK_UI.notifications });
    const found = within(region)
      .getAllByRole(role)
      .find((el) => el.textContent === text);
    if (!found) throw new Error(`no ${tone} toast "${text}" in: ${region.textContent}`);
    return found;
  });
}

/** Waits for the login page's notice (why the last session ended) and returns it. */
export async function expectLoginNotice(text: string): Promise<HTMLElement> {
  await screen.findByRole('heading', { name: 'HR Portal Login' });
  return waitFor(() => {
    const found = screen.getAllByRole('status').find((el) => el.textContent === text);
    if (!found) throw new Error(`no notice "${text}"`);
    return found;
  });
}

/** Renders one element at '/' inside the whole app's providers (store, session, feedback), signed in with `token`. */
export function renderInApp(element: ReactElement, token: string) {
  localStorage.setItem(TOKEN_STORAGE_KEY, token);
  const router = createMemoryRouter([{ path: '/', element }]);
  const app = createApp({ router });
  running.push(app.session, app.feedback);
  render(<AppProviders app={app} />);
  return { app, user: userEvent.setup() };
}

export function renderApp({ path = '/', token = null }: { path?: string; token?: string | null } = {}) {
  if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const app = createApp({ router });
  running.push(app.session, app.feedback);
  const shown: Shown[] = [];
  const seen = new Set<string>();
  app.feedback.subscribe(({ context }) => {
    for (const toast of context.toasts) {
      if (!seen.has(toast.id)) shown.push({ kind: 'toast', tone: toast.tone, message: toast.message });
      seen.add(toast.id);
    }
    for (const dialog of context.dialogs) {
      if (!seen.has(dialog.id)) shown.push({ kind: dialog.kind, message: dialog.message });
      seen.add(dialog.id);
    }
  });
  const user = userEvent.setup();
  const view = render(<AppProviders app={app} />);
  return {
    ...view,
    app,
    user,
    /** Everything the feedback actor showed so far, oldest first. */
    shown: () => [...shown],
    /** The messages of the toasts shown so far, of one tone or all. */
    toasts: (tone?: ToastTone) => shown.filter((s) => s.kind === 'toast' && (!tone || s.tone === tone)).map((s) => s.message),
    /** The open in-app dialog (role="alertdialog"), once it shows. */
    dialog: () => screen.findByRole('alertdialog'),
    pathname: () => router.state.location.pathname,
    /** The address's query string ('?a=b'), for screens that keep their filters there. */
    search: () => router.state.location.search,
    storedToken: () => localStorage.getItem(TOKEN_STORAGE_KEY),
  };
}
