/**
 * Puts one app instance in React's reach: Redux store, session actor, effects, router, activity
 * tracking, and the feedback host that renders the in-app dialogs and toasts.
 */
import { Provider as ReduxProvider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { SessionProvider, useSession } from '../features/session/session-context';
import { useActivityForwarding } from '../features/session/use-activity-forwarding';
import { EffectsProvider } from '../feedback/effects-context';
import { FeedbackHost } from '../feedback/feedback-host';
import type { App } from './create-app';

// Mounted app-wide rather than in the employee frame: activity on any page counts, and the session
// machine ignores it unless an employee is signed in.
function ActivityForwarder() {
  useActivityForwarding(useSession());
  return null;
}

export function AppProviders({ app }: { app: App }) {
  return (
    <ReduxProvider store={app.store}>
      <SessionProvider actor={app.session}>
        <EffectsProvider effects={app.effects}>
          <ActivityForwarder />
          <RouterProvider router={app.router} />
          <FeedbackHost actor={app.feedback} />
        </EffectsProvider>
      </SessionProvider>
    </ReduxProvider>
  );
}
