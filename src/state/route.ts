import { signal } from '@preact/signals-react';

/** The hash routes: the map, the area download, and the reviewers' queue (issue #20). */
export type Route = '/' | '/download' | '/pregled';

/** Parses location.hash ('#/download') into a route; unknown routes are home. */
export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '').split('?')[0] || '/';
  return path === '/download' || path === '/pregled' ? path : '/';
}

/** The current route. */
export const route = signal<Route>(parseRoute(typeof location === 'undefined' ? '' : location.hash));

/** Goes to `to` (updates the hash; the hashchange listener updates the signal). */
export function navigate(to: Route): void {
  if (location.hash !== `#${to}`) location.hash = `#${to}`;
  route.value = to;
}

/** Keeps the route signal in step with the address bar. */
export function listenToHash(): () => void {
  const on = (): void => {
    route.value = parseRoute(location.hash);
  };
  window.addEventListener('hashchange', on);
  return () => window.removeEventListener('hashchange', on);
}
