import { lazy, Suspense, useDeferredValue } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { authFailure, authStatus } from '../state/session.ts';
import { route } from '../state/route.ts';
import { isMobile } from '../state/layout.ts';
import { Header } from './Header.tsx';
import { LoadingScreen } from './LoadingScreen.tsx';
import { PanelHost } from './PanelHost.tsx';
import { MapView } from '../map/ui/MapView.tsx';
import { Notifications } from '../ui/Notifications.tsx';
import { QuotaAlert } from './QuotaAlert.tsx';
import { recordForm } from '../state/recordForm.ts';
import { UpdateNotice } from './UpdateNotice.tsx';
import { PanelLoading } from './PanelLoading.tsx';
import { signInAgain } from './boot.ts';
import { LayerProgress } from './LayerProgress.tsx';

// The report form and the download screen load when first needed.
const RecordForm = lazy(() => import('../records/RecordForm.tsx').then((m) => ({ default: m.RecordForm })));
// The dialog of a refused session renewal loads only when one is refused.
const AuthAlert = lazy(() => import('./AuthAlert.tsx').then((m) => ({ default: m.AuthAlert })));
const DownloadScreen = lazy(() =>
  import('../download/DownloadScreen.tsx').then((m) => ({ default: m.DownloadScreen })),
);
// The reviewers' queue (#/pregled) is a chunk of its own: reporters never load it.
const ReviewScreen = lazy(() => import('../review/ReviewScreen.tsx').then((m) => ({ default: m.ReviewScreen })));

/** The shell: 'Nalaganje' until signed in, then header, map, the active panel and notifications; the update notice on top. */
export function App() {
  useSignals();
  // The shell (header, map, panels) is rendered as a transition once signed in: React renders it
  // in slices of a few milliseconds that let the browser answer in between, where a signal's
  // update would render it in one long task (issue #16: no long task on a cheap phone). It goes
  // at once.
  const now = authStatus.value === 'signedIn';
  const signedIn = useDeferredValue(now) && now;
  return (
    <div className={`app ${isMobile.value ? 'layout-mobile' : 'layout-desktop'}`}>
      {signedIn ? (
        <>
          <Header />
          <main className="app-main">
            <MapView />
            <LayerProgress />
            <Suspense fallback={<PanelLoading />}>
              {route.value === '/download' ? (
                <DownloadScreen />
              ) : recordForm.value ? (
                <RecordForm />
              ) : route.value === '/pregled' ? (
                <ReviewScreen />
              ) : (
                <PanelHost />
              )}
            </Suspense>
          </main>
        </>
      ) : (
        <LoadingScreen />
      )}
      <Notifications />
      <QuotaAlert />
      {authFailure.value && (
        <Suspense fallback={null}>
          <AuthAlert onSignIn={() => void signInAgain()} />
        </Suspense>
      )}
      <UpdateNotice />
    </div>
  );
}
