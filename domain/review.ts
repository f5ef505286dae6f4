/**
 * Review (issue #20): who reviews which species groups, and which verdicts may follow which.
 * The server enforces these on every call; the data core and the UI use the same functions to
 * show only what the server would allow.
 */
import { STATUS_CONFIRMED, STATUS_NEEDS_INFO, STATUS_REJECTED, STATUS_WAITING, statusOf } from './statuses.ts';

/** The role that reviews every group; `reviewer:<group id>` reviews one group. */
export const REVIEWER_ROLE = 'reviewer';

export { NO_REVIEW, isReviewer, type ReviewScope } from './reviewScope.ts';
import { NO_REVIEW, type ReviewScope } from './reviewScope.ts';
import type { Static } from './shapes/build.ts';
import type { HistoryEntry as HistoryEntryShape } from './shapes/reviewAnswers.ts';

/**
 * The review scope of a caller's roles: `reviewer` = every group, `reviewer:7` = group 7 (any
 * number of them); other roles and malformed ones ('reviewer:', 'reviewer:x', 'reviewer:-1') give nothing.
 */
export function reviewScope(roles: readonly string[]): ReviewScope {
  if (roles.includes(REVIEWER_ROLE)) return { all: true };
  const groups = new Set<number>();
  for (const r of roles) {
    const m = /^reviewer:([1-9][0-9]{0,8})$/.exec(r);
    if (m) groups.add(Number(m[1]));
  }
  return { all: false, groups: [...groups].sort((a, b) => a - b) };
}

/** True when the scope covers a record of `group` (a group id as stored: number or numeric text). */
export function reviewsGroup(scope: ReviewScope, group: unknown): boolean {
  if (scope.all) return true;
  // Compared as text, as the server's SQL compares `properties->>'920'`: 7 and '7' match, '07' does not.
  const text = typeof group === 'number' || typeof group === 'string' ? String(group) : null;
  return text !== null && scope.groups.some((g) => String(g) === text);
}

/** What a verdict needs written with it. */
export type VerdictNote = 'reason' | 'question' | 'comment' | 'none';

/**
 * The verdicts a reviewer may give from each STATUS (empty counts as waiting), and what each
 * needs: a rejection its reason, a request for evidence its question, and reopening a confirmed
 * or rejected record (back to waiting) a comment. Confirmed and rejected records change only by
 * being reopened first, so a verdict is never overturned without a word.
 */
const TRANSITIONS: ReadonlyMap<number, ReadonlyMap<number, VerdictNote>> = new Map([
  [
    STATUS_WAITING,
    new Map<number, VerdictNote>([
      [STATUS_CONFIRMED, 'none'],
      [STATUS_REJECTED, 'reason'],
      [STATUS_NEEDS_INFO, 'question'],
    ]),
  ],
  [
    STATUS_NEEDS_INFO,
    new Map<number, VerdictNote>([
      [STATUS_CONFIRMED, 'none'],
      [STATUS_REJECTED, 'reason'],
      [STATUS_WAITING, 'comment'],
    ]),
  ],
  [STATUS_CONFIRMED, new Map<number, VerdictNote>([[STATUS_WAITING, 'comment']])],
  [STATUS_REJECTED, new Map<number, VerdictNote>([[STATUS_WAITING, 'comment']])],
]);

/** The verdicts allowed from a stored STATUS, each with what it needs written. */
export function verdictsFrom(current: unknown): ReadonlyMap<number, VerdictNote> {
  return TRANSITIONS.get(statusOf(current) ?? STATUS_WAITING) ?? new Map();
}

/** Why a verdict is refused, or null when it is allowed with this note. */
export function verdictProblem(current: unknown, next: number, note: string | null | undefined): string | null {
  const need = verdictsFrom(current).get(next);
  const from = statusOf(current) ?? STATUS_WAITING;
  if (need === undefined) return `STATUS ${from} cannot become ${next}`;
  if (need !== 'none' && !(note ?? '').trim()) return `STATUS ${from} → ${next} needs a ${need}`;
  return null;
}

/** A record as the visibility rule needs it. */
export interface VisibleRecord {
  isPublic: boolean;
  status: unknown;
  group: unknown;
  createdBy: string | null;
  /** A find of a class 3 species (domain/sensitivity.ts): not shown publicly at all. */
  withheld?: boolean;
}

/** Who is looking. */
export interface Viewer {
  email: string | null;
  review: ReviewScope;
}

/** An anonymous viewer. */
export const ANONYMOUS: Viewer = { email: null, review: NO_REVIEW };

/**
 * Who sees a record: its creator and the reviewers of its group always (JAVNO false included,
 * with the creator's e-mail); everyone else only a public record that is not rejected
 * (Observation.org's rule: a rejected find is no evidence, so only its observer and the
 * validators see it).
 */
export function isVisibleTo(rec: VisibleRecord, viewer: Viewer): boolean {
  if (viewer.email !== null && rec.createdBy !== null && rec.createdBy === viewer.email) return true;
  if (reviewsGroup(viewer.review, rec.group)) return true;
  return rec.isPublic && statusOf(rec.status) !== STATUS_REJECTED && rec.withheld !== true;
}

/**
 * Whether the viewer sees a record's private details: the creator's e-mail and the exact place of a
 * sensitive species (domain/sensitivity.ts). Only the creator and the group's reviewers do.
 */
export function seesCreator(rec: Pick<VisibleRecord, 'group' | 'createdBy'>, viewer: Viewer): boolean {
  return (viewer.email !== null && rec.createdBy === viewer.email) || reviewsGroup(viewer.review, rec.group);
}

/** Whether the viewer sees the exact place of a find (the same people who see its creator). */
export const seesExactPlace = seesCreator;

/** What a history entry records (server: record_history.kind). */
export const HISTORY_KINDS = [
  'create',
  'edit',
  'photo',
  'verdict',
  'species',
  'comment',
  'archive',
  'restore',
  'delete',
] as const;

/** One of HISTORY_KINDS. */
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** One entry of a record's append-only history, as the API returns it (its shape: domain/shapes/reviewAnswers.ts). */
export type HistoryEntry = Static<typeof HistoryEntryShape>;
