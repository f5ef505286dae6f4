/**
 * What the platform holds about one person (by her e-mail, stored lower case), read in pages so
 * that a person with thousands of finds and photos never needs the server's memory: her account,
 * the tables her finds are in, the history of her finds and her own actions, what others did to
 * her finds (her notices), and her finds' attachments, one file at a time.
 */
import type { Db, Queryable } from '../../db/index.ts';
import { findAccount } from '../../idp/accounts.ts';
import type { AuthUser } from '../../auth/types.ts';
import { NOTIFIED_KINDS, withValues } from '../review/history.ts';
import { iso } from '../records/store.ts';

/** Rows per page of the history, notices and attachment lists. */
export const PERSONAL_PAGE_ROWS = 1000;

/** The account part of an archive (racun.json). */
export interface PersonalAccount {
  email: string;
  name: string | null;
  roles: string[];
  /** When the account was made; null when the platform does not know it. */
  createdAt: string | null;
  /** Where it comes from: the embedded provider's account table, or only the caller's token (another provider). */
  source: 'embedded-provider' | 'token' | 'none';
  /** The token's subject, when the archive is the caller's own. */
  subject?: string;
}

/** The account of `email`: the embedded provider's row, else what the caller's own token says. */
export async function accountOf(db: Db, email: string, self: AuthUser | null): Promise<PersonalAccount> {
  const found = await findAccount(db, email);
  const subject = self ? { subject: self.sub } : {};
  if (found)
    return {
      email: found.email,
      name: found.name,
      roles: found.roles,
      createdAt: null,
      source: 'embedded-provider',
      ...subject,
    };
  if (self) return { email, name: null, roles: self.roles, createdAt: null, source: 'token', ...subject };
  return { email, name: null, roles: [], createdAt: null, source: 'none' };
}

/** The tables holding finds of `email`, in order. */
export async function ownTables(db: Queryable, email: string): Promise<{ projectId: number; tableId: number }[]> {
  const rows = await db.query<{ project_id: number; table_id: number }>(
    'select distinct project_id, table_id from records where created_by_email = $1 order by project_id, table_id',
    [email],
  );
  return rows.map((r) => ({ projectId: Number(r.project_id), tableId: Number(r.table_id) }));
}

/** True when the platform holds anything about `email`: an account, a find or a history entry she made. */
export async function holdsAnything(db: Queryable, email: string): Promise<boolean> {
  const rows = await db.query<{ any: boolean }>(
    `select exists (select 1 from idp_accounts where email = $1)
         or exists (select 1 from records where created_by_email = $1)
         or exists (select 1 from people where email = $1) as any`,
    [email],
  );
  return rows[0]?.any === true;
}

/** An entry of the history as an archive writes it. */
export interface PersonalHistoryEntry {
  id: number;
  recordId: number;
  projectId: number;
  tableId: number;
  at: string;
  actor: string | null;
  kind: string;
  changes: Record<string, unknown>;
  comment: string | null;
}

interface HistoryRow {
  id: string | number;
  record_id: number;
  project_id: number;
  table_id: number;
  at: Date | string;
  actor_email: string | null;
  kind: string;
  changes: Record<string, unknown>;
  comment: string | null;
}

function entryOf(r: HistoryRow): PersonalHistoryEntry {
  return {
    id: Number(r.id),
    recordId: Number(r.record_id),
    projectId: Number(r.project_id),
    tableId: Number(r.table_id),
    at: iso(r.at),
    actor: r.actor_email,
    kind: r.kind,
    changes: r.changes,
    comment: r.comment,
  };
}

/** Pages of record_history rows matching `where` ($1 is the e-mail, $2 the last id read), ordered by id. */
async function* historyPages(
  db: Queryable,
  email: string,
  where: string,
  extra: unknown[] = [],
): AsyncGenerator<PersonalHistoryEntry[]> {
  // The actor through people, and personal values put back from history_values (review/history.ts).
  const sql = `select h.id, h.record_id, h.project_id, h.table_id, h.at, p.email as actor_email, h.kind, h.changes, h.comment
    from record_history h left join people p on p.id = h.actor_id
    where (${where}) and h.id > $2::bigint order by h.id limit ${PERSONAL_PAGE_ROWS}`;
  let after = 0;
  for (;;) {
    const rows = await db.query<HistoryRow>(sql, [email, after, ...extra]);
    if (rows.length === 0) return;
    yield (await withValues(db, rows)).map(entryOf);
    if (rows.length < PERSONAL_PAGE_ROWS) return;
    after = Number(rows[rows.length - 1]!.id);
  }
}

/**
 * The history of her finds (every change, verdict and comment, also those of reviewers, as the
 * history route shows them to her) and every entry she made on anyone's find (her comments,
 * edits and verdicts), oldest first.
 */
export function personalHistory(db: Queryable, email: string): AsyncGenerator<PersonalHistoryEntry[]> {
  return historyPages(
    db,
    email,
    'p.email = $1 or h.record_id in (select r.id from records r where r.created_by_email = $1)',
  );
}

/** Her notices: what others did to her finds (review/history.ts NOTIFIED_KINDS), in every project, oldest first. */
export function personalNotices(db: Queryable, email: string): AsyncGenerator<PersonalHistoryEntry[]> {
  return historyPages(
    db,
    email,
    `h.record_id in (select r.id from records r where r.created_by_email = $1)
       and h.kind = any($3::text[]) and p.email is distinct from $1`,
    [NOTIFIED_KINDS],
  );
}

/** An attachment of one of her finds (metadata). */
export interface PersonalAttachment {
  id: number;
  recordId: number;
  projectId: number;
  tableId: number;
  name: string;
  mimeType: string;
  size: number;
  createdAt: string;
}

/** The attachments of her finds, in pages, ordered by id (metadata only: the bytes come one at a time from attachmentBytes). */
export async function* personalAttachments(db: Queryable, email: string): AsyncGenerator<PersonalAttachment[]> {
  const sql = `select a.id, a.record_id, r.project_id, r.table_id, a.name, a.mime_type, a.size, a.created_at
    from attachments a join records r on r.id = a.record_id
    where r.created_by_email = $1 and a.id > $2::int order by a.id limit ${PERSONAL_PAGE_ROWS}`;
  let after = 0;
  for (;;) {
    const rows = await db.query<{
      id: number;
      record_id: number;
      project_id: number;
      table_id: number;
      name: string;
      mime_type: string;
      size: number;
      created_at: Date | string;
    }>(sql, [email, after]);
    if (rows.length === 0) return;
    yield rows.map((r) => ({
      id: Number(r.id),
      recordId: Number(r.record_id),
      projectId: Number(r.project_id),
      tableId: Number(r.table_id),
      name: r.name,
      mimeType: r.mime_type,
      size: Number(r.size),
      createdAt: iso(r.created_at),
    }));
    if (rows.length < PERSONAL_PAGE_ROWS) return;
    after = Number(rows[rows.length - 1]!.id);
  }
}

/** The stored bytes of attachment `id` (the original as uploaded), or null when it is gone. */
export async function attachmentBytes(db: Queryable, id: number): Promise<Uint8Array | null> {
  const rows = await db.query<{ data: Uint8Array }>('select data from attachments where id = $1', [id]);
  return rows[0]?.data ?? null;
}
