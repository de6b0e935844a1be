/** Browser entry: build the app once and render it into #root. */
import './zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { createApp } from './app/create-app';
import { createAppRouter } from './app/router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain <div id="root">');

const app = createApp({ router: createAppRouter() });

// The first render is a transition, so React renders it in slices and yields between them: the
// page (its static loading state) stays responsive while the app renders on a slow phone, instead
// of one long task.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <AppProviders app={app} />
    </StrictMode>,
  );
});
