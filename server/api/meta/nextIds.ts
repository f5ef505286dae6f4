import type { Queryable } from '../../db/index.ts';

/** The id sequences of what administrators create (migration 2), with the table each one numbers. */
const SEQUENCES = {
  project: { seq: 'projects_id_seq', table: 'projects' },
  table: { seq: 'platform_tables_id_seq', table: 'platform_tables' },
  column: { seq: 'platform_columns_id_seq', table: 'platform_columns' },
  profile: { seq: 'profiles_id_seq', table: 'profiles' },
  attachmentInfo: { seq: 'attachment_infos_id_seq', table: 'attachment_infos' },
} as const;

/** What an id is allocated for. */
export type IdKind = keyof typeof SEQUENCES;

/**
 * A new id from the kind's sequence: never handed out twice, also across server processes and
 * rolled-back transactions; an id already taken (e.g. inserted by hand) is skipped.
 */
export async function nextId(q: Queryable, kind: IdKind): Promise<number> {
  const { seq, table } = SEQUENCES[kind];
  for (let i = 0; i < 1000; i++) {
    const [row] = await q.query<{ id: number }>(`select nextval('${seq}')::integer as id`);
    const id = Number(row?.id);
    const taken = await q.query(`select 1 from ${table} where id = $1`, [id]);
    if (taken.length === 0) return id;
  }
  throw new Error(`No free id in ${seq}`);
}

/** `n` new ids of a kind, ascending. */
export async function nextIds(q: Queryable, kind: IdKind, n: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(await nextId(q, kind));
  return out;
}
