import { signal } from '@preact/signals-react';

/** The signed-in user as the UI needs it. */
export interface SessionUser {
  email: string;
  name: string | null;
  accessToken: string;
  idToken: string | null;
}

/** Where sign-in stands: 'loading' shows 'Nalaganje' until a token is there. */
export type AuthStatus = 'loading' | 'redirecting' | 'signedIn' | 'error' | 'offlineNoSession';

/** The current user (null until signed in). */
export const session = signal<SessionUser | null>(null);

/** The sign-in status. */
export const authStatus = signal<AuthStatus>('loading');
