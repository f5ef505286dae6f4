import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { boot } from './app/boot.ts';
import { checkStoredVersion } from './app/versionCheck.ts';
import { authStatus } from './state/session.ts';
import { sl } from './i18n/sl.ts';
import { notify } from './state/notices.ts';
import { listenToHash } from './state/route.ts';
import { listenToLayout } from './state/layout.ts';
import { registerServiceWorker } from './app/serviceWorker.ts';
import 'ol/ol.css';
import './styles.css';

checkStoredVersion(window.localStorage, sl.version);
listenToHash();
listenToLayout();

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
// index.html already shows the loading screen: the app's first render may take its time, in
// slices that let the browser answer in between (a transition), not in one long task (issue #16).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

// Production builds only; it waits for the page's load event and the map's first drawing, so it never slows the start.
registerServiceWorker();

// In a task of its own: evaluating the app's modules is one long task already (issue #16).
setTimeout(() => {
  boot().catch((e: unknown) => {
    console.error('Start failed', e);
    authStatus.value = 'error';
    notify('error', sl.errors.startFailed);
  });
}, 0);
