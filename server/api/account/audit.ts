import type { Queryable } from '../../db/index.ts';

/**
 * Appends to audit_log (schema 10): administrators' actions that concern people. `subject` never
 * holds a deleted person's e-mail: a deletion names her pseudonymous person id ('person:<id>').
 */
export async function audit(
  tx: Queryable,
  entry: { actor: string | null; action: string; subject: string | null; details?: Record<string, unknown> },
): Promise<void> {
  await tx.query('insert into audit_log (actor, action, subject, details) values ($1, $2, $3, $4::jsonb)', [
    entry.actor,
    entry.action,
    entry.subject,
    JSON.stringify(entry.details ?? {}),
  ]);
}
