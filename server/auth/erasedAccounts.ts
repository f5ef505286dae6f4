import { createHash } from 'node:crypto';
import type { Queryable } from '../db/index.ts';
import type { AuthUser } from './types.ts';

/**
 * Deleted accounts, so that their tokens stop working at once. Access tokens are JWTs checked by
 * signature, so one issued before the deletion would otherwise be good until it expires. Table
 * erased_accounts (schema 12) keeps a SHA-256 of 'email:<e-mail>' and of 'sub:<subject>' with
 * the time of deletion, not the e-mail itself; a token of such an account issued at or before
 * that time is refused (a new account with the same e-mail, registered later, works).
 */

/** The keys of an account: its e-mail (lower case) and, when known, its subject. */
export function erasedKeys(email: string, sub: string | null): string[] {
  const hash = (s: string): string => createHash('sha256').update(s).digest('hex');
  return [hash(`email:${email.trim().toLowerCase()}`), ...(sub ? [hash(`sub:${sub}`)] : [])];
}

/** Records that the account of `email` (and `sub`) was deleted now. */
export async function rememberErased(tx: Queryable, email: string, sub: string | null): Promise<void> {
  await tx.query(
    `insert into erased_accounts (key) select unnest($1::text[])
       on conflict (key) do update set erased_at = now()`,
    [erasedKeys(email, sub)],
  );
}

/**
 * The check createAuthenticator runs for each verified token: true when the account was deleted
 * at or after the token was issued (a token without `iat` is refused once the account is deleted).
 */
export function erasedCheck(db: Queryable): (user: AuthUser, issuedAt: number | null) => Promise<boolean> {
  return async (user, issuedAt) => {
    const rows = await db.query<{ n: number }>(
      `select count(*)::int as n from erased_accounts
        where key = any($1::text[]) and ($2::float8 is null or erased_at >= to_timestamp($2::float8))`,
      [erasedKeys(user.email, user.sub), issuedAt],
    );
    return Number(rows[0]?.n ?? 0) > 0;
  };
}
