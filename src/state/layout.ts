import { signal } from '@preact/signals-react';

/** The mobile layout applies at a width of 480 px or less. */
export const MOBILE_QUERY = '(max-width: 480px)';

/** True on the mobile layout. */
export const isMobile = signal<boolean>(typeof matchMedia === 'undefined' ? false : matchMedia(MOBILE_QUERY).matches);

/** Keeps `isMobile` up to date. */
export function listenToLayout(): () => void {
  const mq = matchMedia(MOBILE_QUERY);
  const on = (): void => {
    isMobile.value = mq.matches;
  };
  mq.addEventListener('change', on);
  return () => mq.removeEventListener('change', on);
}
