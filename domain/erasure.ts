/**
 * Deleting an account ('Izbriši račun'): which of her finds go, and which of their fields could
 * name her. The server applies it in one transaction (server/api/account/erase.ts); the UI offers
 * the choice (src/panels/DeleteAccount.tsx). Written down in docs/account-deletion.md.
 */
import { STATUS_CONFIRMED, statusOf } from './statuses.ts';

/**
 * What happens to her finds besides those still waiting (which always go): 'keep' keeps the
 * confirmed ones, anonymised, for science (the default); 'all' deletes every find of hers.
 */
export type ErasureFinds = 'keep' | 'all';

/** The choices, the default first. */
export const ERASURE_FINDS: readonly ErasureFinds[] = ['keep', 'all'];

/**
 * True when a find of hers is kept (anonymised) on deletion with `finds`: only a confirmed find
 * ('Potrjeno'), and only with 'keep'. Waiting, handed-back and rejected finds are deleted: they
 * were never accepted as data.
 */
export function keepsFind(finds: ErasureFinds, status: unknown): boolean {
  return finds === 'keep' && statusOf(status) === STATUS_CONFIRMED;
}

/**
 * The columns (by database name, compared without case) of a kept find that could name her and
 * are emptied: the creator e-mail, the finder's name ('Najditelj') and the free-text comments
 * ('Komentarji'). What the find is (species, date, count, place, habitat, the place's
 * description, accuracy) stays: it describes the find, not the finder. The same columns are
 * kept out of the history by reference (a deleted account's values vanish with it).
 */
export const PERSONAL_COLUMNS: readonly string[] = ['createdbyemail', 'AVTOR', 'KOMENTAR'];

/** True when a column (by its database name) holds a value that could name its reporter. */
export function isPersonalColumn(dbName: string): boolean {
  return PERSONAL_COLUMNS.some((c) => c.toLowerCase() === dbName.toLowerCase());
}
