import type { Queryable } from '../../db/index.ts';
import { badRequest } from '../../http/errors.ts';
import { iso } from '../records/store.ts';
import type { HistoryEntry, HistoryKind } from '../../../domain/review.ts';

/**
 * The append-only record history (schema 5, issue #20). The database writes an entry for every
 * change of a record or of its photos (triggers sv_record_history and sv_attachment_history);
 * this module names who made a change and why, reads the history and adds comments. Nothing here
 * or anywhere else updates or deletes an entry (a trigger refuses it).
 */

export type { HistoryEntry, HistoryKind } from '../../../domain/review.ts';

/** Longest comment, reason or question. */
export const MAX_COMMENT = 2000;

/** Row of record_history, with its actor's e-mail (people) and whether her account was deleted. */
interface HistoryRow {
  id: string | number;
  record_id: number;
  at: Date | string;
  actor_email: string | null;
  actor_erased: boolean;
  kind: string;
  changes: Record<string, [unknown, unknown]>;
  comment: string | null;
}

/** Maps a row to an entry. */
function toEntry(r: HistoryRow): HistoryEntry {
  return {
    id: Number(r.id),
    recordId: r.record_id,
    at: iso(r.at),
    actor: r.actor_email,
    actorErased: r.actor_erased,
    kind: r.kind as HistoryKind,
    changes: r.changes,
    comment: r.comment,
  };
}

/**
 * The columns of HistoryRow, for select lists: the actor through people (schema 12), whose e-mail
 * is blank once her account was deleted. Needs `left join people p on p.id = h.actor_id`.
 */
const HISTORY_COLUMNS = `h.id, h.record_id, h.at, p.email as actor_email, (p.id is not null and p.email is null) as actor_erased,
  h.kind, h.changes, h.comment`;
const WITH_ACTOR = 'record_history h left join people p on p.id = h.actor_id';

/** A value the history keeps by reference (schema 12: personal columns, domain/erasure.ts). */
function refOf(v: unknown): number | null {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
  const ref = (v as Record<string, unknown>)['$ref'];
  return typeof ref === 'number' || typeof ref === 'string' ? Number(ref) : null;
}

/**
 * Entries with their personal values put back from history_values; a value whose owner's account
 * was deleted is gone, and reads null.
 */
export async function withValues<R extends { changes: Record<string, unknown> }>(
  q: Queryable,
  rows: R[],
): Promise<R[]> {
  const ids = rows
    .flatMap((r) => Object.values(r.changes).flatMap((pair) => (Array.isArray(pair) ? pair.map(refOf) : [])))
    .filter((n) => n !== null);
  if (ids.length === 0) return rows;
  const found = await q.query<{ id: string | number; value: unknown }>(
    'select id, value from history_values where id = any($1::bigint[])',
    [ids],
  );
  const values = new Map(found.map((f) => [Number(f.id), f.value]));
  const put = (v: unknown): unknown => {
    const ref = refOf(v);
    return ref === null ? v : (values.get(ref) ?? null);
  };
  return rows.map((r) => ({
    ...r,
    changes: Object.fromEntries(
      Object.entries(r.changes).map(([k, pair]) => [k, Array.isArray(pair) ? pair.map(put) : pair]),
    ),
  }));
}

/**
 * Names the actor (and, for a review, the kind and its note) of the changes the rest of this
 * transaction makes; the history triggers read them. Local to the transaction.
 */
export async function describeChange(
  tx: Queryable,
  actor: string,
  kind: HistoryKind | null = null,
  comment: string | null = null,
): Promise<void> {
  await tx.query(
    `select set_config('sv.actor', $1::text, true), set_config('sv.kind', $2::text, true), set_config('sv.comment', $3::text, true)`,
    [actor, kind ?? '', comment ?? ''],
  );
}

/** A comment, reason or question from a body: trimmed; 400 when too long or not text; null when absent or blank. */
export function commentOf(v: unknown, name = 'comment'): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw badRequest(`${name} must be text`);
  const t = v.trim();
  if (t.length > MAX_COMMENT) throw badRequest(`${name} may have at most ${MAX_COMMENT} characters`);
  return t === '' ? null : t;
}

/** The history of a record, oldest first. */
export async function readHistory(q: Queryable, recordId: number): Promise<HistoryEntry[]> {
  const rows = await q.query<HistoryRow>(
    `select ${HISTORY_COLUMNS} from ${WITH_ACTOR} where h.record_id = $1 order by h.id`,
    [recordId],
  );
  return (await withValues(q, rows)).map(toEntry);
}

/** Appends a comment to a record's history. */
export async function addComment(
  tx: Queryable,
  rec: { id: number; project_id: number; table_id: number },
  actor: string,
  text: string,
): Promise<HistoryEntry> {
  const rows = await tx.query<HistoryRow>(
    `with h as (insert into record_history (record_id, project_id, table_id, actor_id, kind, comment)
       values ($1, $2, $3, sv_person($4::text), 'comment', $5) returning *)
     select ${HISTORY_COLUMNS} from h left join people p on p.id = h.actor_id`,
    [rec.id, rec.project_id, rec.table_id, actor, text],
  );
  return toEntry(rows[0] as HistoryRow);
}

/** The kinds a reporter is told about when somebody else does them to her finds. */
export const NOTIFIED_KINDS: readonly HistoryKind[] = ['verdict', 'species', 'comment', 'archive', 'restore'];

/** Most notifications in one answer. */
export const MAX_NOTIFICATIONS = 200;

/**
 * What others did to the caller's records (verdicts, species corrections, comments, archiving)
 * after entry `after`, oldest first, at most MAX_NOTIFICATIONS: the reporter's inbox.
 */
export async function notificationsFor(
  q: Queryable,
  projectId: number,
  email: string,
  after: number,
): Promise<HistoryEntry[]> {
  const rows = await q.query<HistoryRow>(
    `select ${HISTORY_COLUMNS} from ${WITH_ACTOR} join records r on r.id = h.record_id
      where r.created_by_email = $1 and r.project_id = $2 and h.id > $3::bigint
        and h.kind = any($4::text[]) and p.email is distinct from $1
      order by h.id limit ${MAX_NOTIFICATIONS}`,
    [email, projectId, after, NOTIFIED_KINDS],
  );
  return (await withValues(q, rows)).map(toEntry);
}
