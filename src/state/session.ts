import { signal } from '@preact/signals-react';
import type { AuthFailure } from '../auth/authFailure.ts';

/** The signed-in user as the UI needs it. */
export interface SessionUser {
  email: string;
  name: string | null;
  accessToken: string;
  idToken: string | null;
}

/**
 * Where sign-in stands: 'loading' shows 'Nalaganje' until a token is there; 'failed' shows
 * why sign-in failed (authFailure) and waits for 'Poskusi znova'; 'accountErased' says the
 * account was deleted.
 */
export type AuthStatus =
  | 'loading'
  | 'redirecting'
  | 'signedIn'
  | 'failed'
  | 'error'
  | 'offlineNoSession'
  /** Her account was deleted ('Izbriši račun'): signed out, with a way to sign in with another. */
  | 'accountErased';

/** The current user (null until signed in). */
export const session = signal<SessionUser | null>(null);

/** The sign-in status. */
export const authStatus = signal<AuthStatus>('loading');

/**
 * Why sign-in failed or the provider refused to renew it; null while all is well. Before
 * sign-in it is shown instead of the app, afterwards as a dialog over it.
 */
export const authFailure = signal<AuthFailure | null>(null);
