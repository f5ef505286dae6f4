import { PERSONAL_COLUMNS, keepsFind, type ErasureFinds } from '../../../domain/erasure.ts';
import type { Queryable } from '../../db/index.ts';
import { rememberErased } from '../../auth/erasedAccounts.ts';
import { describeChange } from '../review/history.ts';
import { signInAccountKey } from '../../idp/signInLimits.ts';
import { readAttachmentBytes } from '../attachments/store.ts';
import { cleanImage } from '../attachments/cleanPhoto.ts';

/**
 * Deleting an account (docs/account-deletion.md), in the caller's one transaction: her finds that
 * are not kept (domain/erasure.ts keepsFind) are deleted, the kept ones are anonymised (creator
 * e-mail and the personal columns emptied), her values in the history's personal columns are
 * deleted (history_values), her e-mail in people is blanked (the history then reads 'izbrisan
 * uporabnik'), her embedded-provider account, sessions, grants, tokens and codes and her rate
 * counters are deleted, and her tokens are refused from now on (erased_accounts).
 */

/** What a deletion did. */
export interface ErasureResult {
  /** Her finds deleted. */
  deleted: number;
  /** Her finds kept, anonymised. */
  kept: number;
  /** The pseudonymous id her history entries keep (null when she had none): what an audit names. */
  personId: number | null;
}

/** Her records with their table's STATUS value. */
interface OwnRecord {
  id: number;
  status: unknown;
}

/** Deletes the account of `email` (lower case; `sub` her token's subject when known). */
export async function eraseAccount(
  tx: Queryable,
  email: string,
  sub: string | null,
  finds: ErasureFinds,
): Promise<ErasureResult> {
  // The history entries of what follows name her (and so read 'izbrisan uporabnik' afterwards).
  await describeChange(tx, email);
  const own = await tx.query<OwnRecord>(
    `select r.id, r.properties->(select c.id::text from platform_columns c
                                   where c.table_id = r.table_id and upper(c.db_name) = 'STATUS' limit 1) as status
       from records r where r.created_by_email = $1 for update`,
    [email],
  );
  const kept = own.filter((r) => keepsFind(finds, r.status)).map((r) => r.id);
  const gone = own.filter((r) => !keepsFind(finds, r.status)).map((r) => r.id);
  if (gone.length) await tx.query('delete from records where id = any($1::int[])', [gone]);
  if (kept.length) {
    await tx.query(
      `update records r
          set properties = r.properties - coalesce((select array_agg(c.id::text) from platform_columns c
                                                     where c.table_id = r.table_id and lower(c.db_name) = any($2::text[])), '{}'::text[]),
              created_by_email = null, version = r.version + 1, updated_at = now()
        where r.id = any($1::int[])`,
      [kept, PERSONAL_COLUMNS.map((c) => c.toLowerCase())],
    );
    await anonymisePhotos(tx, kept);
    // A value a column cast could not convert is kept beside the record: a personal one goes too.
    await tx.query(
      `delete from column_cast_failures f using platform_columns c
        where f.record_id = any($1::int[]) and c.id = f.column_id and lower(c.db_name) = any($2::text[])`,
      [kept, PERSONAL_COLUMNS.map((c) => c.toLowerCase())],
    );
  }
  const person = await tx.query<{ id: string | number }>('select id from people where email = $1', [email]);
  const personId = person[0] ? Number(person[0].id) : null;
  if (personId !== null) {
    await tx.query('delete from history_values where person_id = $1', [personId]);
    await tx.query('update people set email = null, erased_at = now() where id = $1', [personId]);
  }
  await eraseIdentity(tx, email);
  await rememberErased(tx, email, sub);
  return { deleted: gone.length, kept: kept.length, personId };
}

/**
 * The photos of her kept finds keep the picture only: the original's metadata (EXIF, XMP, IPTC:
 * maybe her name as the camera's owner, its serial number) is dropped as cleanPhoto.ts drops it for
 * others, and the file name becomes 'fotografija-<id>'. A photo that cannot be cleaned (not a
 * well-formed JPEG or PNG, never shown to others anyway) is deleted.
 */
async function anonymisePhotos(tx: Queryable, recordIds: number[]): Promise<void> {
  const photos = await tx.query<{ id: number }>('select id from attachments where record_id = any($1::int[])', [
    recordIds,
  ]);
  for (const { id } of photos) {
    const bytes = await readAttachmentBytes(tx, id, false);
    const clean = bytes ? await cleanImage(tx, id, bytes) : null;
    if (!clean || !bytes) {
      await tx.query('delete from attachments where id = $1', [id]);
      continue;
    }
    const ext = bytes.mime === 'image/png' ? 'png' : 'jpg';
    await tx.query('update attachments set data = $2, size = $3, clean = null, name = $4 where id = $1', [
      id,
      clean,
      clean.length,
      `fotografija-${id}.${ext}`,
    ]);
  }
}

/**
 * Her account at the embedded provider and every artefact of hers it stores (sessions, grants,
 * access and refresh tokens, codes, interactions: any row whose payload names her), and her
 * rate-limit counters (keys '<rule>:<e-mail>', or the sign-in limit's hash of it). With another provider these tables hold nothing of hers.
 */
async function eraseIdentity(tx: Queryable, email: string): Promise<void> {
  await tx.query('delete from idp_accounts where email = $1', [email]);
  await tx.query(
    `delete from idp_store s
      where s.payload->>'accountId' = $1
         or strpos(s.payload::text, $2) > 0
         or s.grant_id in (select g.id from idp_store g where g.model = 'Grant' and g.payload->>'accountId' = $1)`,
    [email, JSON.stringify(email)],
  );
  for (const key of [email, signInAccountKey(email)])
    await tx.query(`delete from rate_limits where right(key, length($1) + 1) = ':' || $1`, [key]);
}
