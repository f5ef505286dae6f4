import type { Queryable } from '../db/types.ts';

/**
 * Checks that the database folds case the way the filter engine does (domain/filters/casefold.ts):
 * lower() must map 'ČŠŽ' to 'čšž', which needs a UTF-8 LC_CTYPE (e.g. C.UTF-8); a database
 * created with LC_CTYPE=C folds ASCII only, and text filters would then miss 'Čebela' for
 * 'čebela' on the server while matching it offline. Returns a reason when the check fails, else null.
 */
export async function checkFilterCaseFolding(db: Queryable): Promise<string | null> {
  const [row] = await db.query<{ folded: string }>(`select lower('ČŠŽΣİ') as folded`);
  if (row?.folded === 'čšžσi') return null;
  return (
    `The database's lower() gives ${JSON.stringify(row?.folded)} for 'ČŠŽΣİ' (expected 'čšžσi'): ` +
    'create the database with a UTF-8 LC_CTYPE, e.g. createdb -T template0 --locale=C.UTF-8'
  );
}
