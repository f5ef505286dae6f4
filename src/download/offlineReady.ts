import { useEffect, useState } from 'react';

/**
 * Whether the app itself opens without a connection: its service worker has finished caching the
 * app (it is active) and controls this page. A finished area download says 'available offline'
 * only then; on a first visit the service worker may still be caching when a small area is done,
 * and a reload with no signal would find no app (issue #21 CI: a fast download beat it). Without
 * service workers (development builds, old browsers) there is nothing to wait for.
 */
export function useAppOfflineReady(wanted: boolean): boolean {
  const supported = import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
  const [ready, setReady] = useState(() => !supported || navigator.serviceWorker.controller !== null);
  useEffect(() => {
    if (!wanted || ready || !supported) return;
    const sw = navigator.serviceWorker;
    let live = true;
    const check = (): void => {
      if (live && sw.controller !== null) setReady(true);
    };
    sw.addEventListener('controllerchange', check);
    // `ready` resolves once a worker is active (the app is cached); it claims the page right after.
    void sw.ready.then(check);
    return () => {
      live = false;
      sw.removeEventListener('controllerchange', check);
    };
  }, [wanted, ready, supported]);
  return ready;
}
