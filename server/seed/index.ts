import type { Db } from '../db/index.ts';

/** SCAFFOLD (replaced by the seed work): seeds project 35 when the database is empty. */
export async function seedIfEmpty(_db: Db): Promise<void> {}
