import { signal } from '@preact/signals-react';
import { core } from '../core.ts';
import { NO_REVIEW, isReviewer, type ReviewScope } from '../../domain/reviewScope.ts';
import type { Inbox } from '../../worker/api.ts';

/** The groups the signed-in user reviews (none until known). */
export const reviewScope = signal<ReviewScope>(NO_REVIEW);

/** The reporter's inbox ('Obvestila'), as last read. */
export const inbox = signal<Inbox>({ entries: [], unseen: 0 });

/** Bumped after a verdict or a comment, so that open cards and lists read again. */
export const reviewRevision = signal(0);

/** True when the user reviews any group. */
export function userReviews(): boolean {
  return isReviewer(reviewScope.value);
}

/** Reads the review scope and the inbox (stored copy first, then the server's news when online). */
export async function loadReviewState(): Promise<void> {
  reviewScope.value = await core.getReviewScope();
  inbox.value = await core.getInbox(false);
  inbox.value = await core.getInbox(true);
}

/** How often an open app asks for news about the user's finds (one small request). */
const INBOX_POLL_MS = 60_000;

/** Asks for news every minute while the page is visible; returns a function that stops. */
export function watchInbox(): () => void {
  const timer = setInterval(() => {
    if (document.visibilityState === 'visible') void loadReviewState().catch(() => undefined);
  }, INBOX_POLL_MS);
  return () => clearInterval(timer);
}

/** The inbox was opened: nothing in it is new any more. */
export async function markInboxSeen(): Promise<void> {
  await core.markInboxSeen();
  inbox.value = { ...inbox.value, unseen: 0 };
}
