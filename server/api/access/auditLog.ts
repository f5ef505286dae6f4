import type { Queryable } from '../../db/index.ts';
import { iso } from '../records/store.ts';

/**
 * The audit log (table audit_log, append-only): what an administrator did to a person's data.
 * record_history says what happened to a record; this says who exported or deleted whose data.
 */

/** The actions written to the log. */
export type AuditAction = 'export-user-data' | (string & {});

/** An entry of the log. */
export interface AuditEntry {
  id: number;
  at: string;
  /** The e-mail of the administrator who did it; null when a person acted on her own account. */
  actor: string | null;
  action: AuditAction;
  /**
   * Whose data it was about: 'person:<id>', her pseudonymous id (table people), never her e-mail,
   * so that deleting her account leaves nothing here that names her.
   */
  subject: string | null;
  details: Record<string, unknown>;
}

/** A row of audit_log as the database returns it. */
interface AuditRow {
  id: string | number;
  at: Date | string;
  actor: string | null;
  action: string;
  subject: string | null;
  details: Record<string, unknown>;
}

/** The columns of AuditRow, for select and returning lists. */
const AUDIT_COLUMNS = 'id, at, actor, action, subject, details';

function entryOf(r: AuditRow): AuditEntry {
  return { id: Number(r.id), at: iso(r.at), actor: r.actor, action: r.action, subject: r.subject, details: r.details };
}

/** Appends an entry and returns it. */
export async function writeAudit(
  db: Queryable,
  entry: { actor: string | null; action: AuditAction; subject: string | null; details?: Record<string, unknown> },
): Promise<AuditEntry> {
  const rows = await db.query<AuditRow>(
    `insert into audit_log (actor, action, subject, details) values ($1, $2, $3, $4::jsonb)
     returning ${AUDIT_COLUMNS}`,
    [entry.actor, entry.action, entry.subject, JSON.stringify(entry.details ?? {})],
  );
  return entryOf(rows[0]!);
}

/** The audit subject of the person with `email` ('person:<id>'), made at its first use. */
export async function personSubject(db: Queryable, email: string): Promise<string> {
  const [row] = await db.query<{ id: string | number }>('select sv_person($1) as id', [email]);
  return `person:${row!.id}`;
}

/** The audit subject of `email` if the platform knows that person, else null (nothing is made). */
export async function knownPersonSubject(db: Queryable, email: string): Promise<string | null> {
  const [row] = await db.query<{ id: string | number }>('select id from people where email = $1', [email]);
  return row ? `person:${row.id}` : null;
}

/** Most entries in one answer of readAudit. */
export const MAX_AUDIT_ENTRIES = 500;

/** Entries after `after`, oldest first, only about `subject` when given; at most MAX_AUDIT_ENTRIES. */
export async function readAudit(db: Queryable, subject: string | null, after: number): Promise<AuditEntry[]> {
  const rows = await db.query<AuditRow>(
    `select ${AUDIT_COLUMNS} from audit_log
      where id > $1::bigint and ($2::text is null or subject = $2::text) order by id limit ${MAX_AUDIT_ENTRIES}`,
    [after, subject],
  );
  return rows.map(entryOf);
}
