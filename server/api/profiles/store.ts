/** Profile storage: a profile's JSON in the profiles table, read (404 when unknown) and written back. */
import type { Queryable } from '../../db/index.ts';
import { notFound } from '../../http/errors.ts';
import { requireProject } from '../meta/tableMeta.ts';
import type { StoredProfile } from './validate.ts';

/** Reads profile `profileId` of project `projectId` (locked for an update when asked); 404 when unknown. */
export async function readProfile(
  q: Queryable,
  projectId: number,
  profileId: number,
  forUpdate = false,
): Promise<StoredProfile> {
  const rows = await q.query<{ data: StoredProfile }>(
    `select data from profiles where id = $1 and project_id = $2${forUpdate ? ' for update' : ''}`,
    [profileId, projectId],
  );
  const row = rows[0];
  if (!row) {
    await requireProject(q, projectId);
    throw notFound(`Profile ${profileId} does not exist in project ${projectId}`);
  }
  return row.data;
}

/** Stores a profile's JSON. */
export async function saveProfile(q: Queryable, p: StoredProfile): Promise<StoredProfile> {
  await q.query('update profiles set data = $2::jsonb where id = $1', [p.id, JSON.stringify(p)]);
  return p;
}
