/**
 * A caller's review scope (issue #20), apart from the rest of domain/review.ts so that the app's
 * first chunk (the header's *Pregled* button) carries only this much of it.
 */

/** The groups a caller reviews: every group, some, or none. */
export type ReviewScope = { all: true } | { all: false; groups: readonly number[] };

/** The scope of nobody. */
export const NO_REVIEW: ReviewScope = { all: false, groups: [] };

/** True when the scope reviews anything at all. */
export function isReviewer(scope: ReviewScope): boolean {
  return scope.all || scope.groups.length > 0;
}
