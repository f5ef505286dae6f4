import type { FastifyInstance } from 'fastify';
import type { Profile, Project, ProfileLayer, SelectValue } from '../../worker/types.ts';
import type { Queryable } from '../db/index.ts';
import { notFound } from '../http/errors.ts';
import { pathIds, type ApiContext } from './context.ts';
import { loadColumns, loadSelectValues, requireProject } from './meta.ts';
import { idParams, ref } from './schemas.ts';

/** A project as the API serves it: tables with columns, layers, Select values by column id and attachment infos. */
export interface ProjectResponse extends Project {
  selectValues: Record<string, SelectValue[]>;
  attachmentInfos: { id: number; tableId: number; name: string }[];
}

/** Reads the profiles of a project (their stored JSON), by id. */
export async function loadProfiles(db: Queryable, projectId: number): Promise<Profile[]> {
  const rows = await db.query<{ data: Profile }>('select data from profiles where project_id = $1 order by id', [projectId]);
  return rows.map((r) => r.data);
}

/** Builds project `projectId` with its tables, columns, layers and lookups; 404 when unknown. */
export async function buildProject(db: Queryable, projectId: number): Promise<ProjectResponse> {
  const p = await requireProject(db, projectId);
  const tables = await db.query<{ id: number; name: string; geometry_type: number | null }>(
    'select id, name, geometry_type from platform_tables where project_id = $1 order by id', [projectId]);
  const ids = tables.map((t) => t.id);
  const columns = await loadColumns(db, ids);
  const values = await loadSelectValues(db, columns.filter((c) => c.type === 'Select').map((c) => c.id));
  const infos = await db.query<{ id: number; table_id: number; name: string }>(
    'select id, table_id, name from attachment_infos where table_id = any($1::int[]) order by id', [ids]);
  const layers = new Map<number, ProfileLayer>();
  for (const profile of await loadProfiles(db, projectId)) for (const l of profile.layers ?? []) if (!layers.has(l.id)) layers.set(l.id, l);
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    tables: tables.map((t) => ({ id: t.id, projectId, name: t.name, geometryType: t.geometry_type, columns: columns.filter((c) => c.tableId === t.id) })),
    layers: [...layers.values()],
    selectValues: Object.fromEntries([...values].map(([k, v]) => [String(k), v])),
    attachmentInfos: infos.map((i) => ({ id: i.id, tableId: i.table_id, name: i.name })),
  };
}

/** Profile and project routes. */
export function registerProjectRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, authenticate, docs } = ctx;

  docs.define(app, {
    method: 'GET', url: '/api/BaseProfiles/:projectId/project', params: idParams('projectId'),
    doc: { summary: 'The project with tables, columns, layers and Select values', tag: 'Profiles', auth: 'optional', responses: { 200: { description: 'The project', schema: ref('Project') }, 404: { description: 'Unknown project' } } },
    async handler(req) {
      await authenticate(req);
      return buildProject(db, pathIds(req, 'projectId').projectId);
    },
  });

  docs.define(app, {
    method: 'GET', url: '/api/BaseProfiles/:projectId/:profileId', params: idParams('projectId', 'profileId'),
    doc: { summary: 'A profile: tables, table views, layers with symbology, base maps, initial view', tag: 'Profiles', auth: 'optional', responses: { 200: { description: 'The profile', schema: ref('Profile') }, 401: { description: 'Invalid token' }, 404: { description: 'Unknown profile' } } },
    async handler(req) {
      const { projectId, profileId } = pathIds(req, 'projectId', 'profileId');
      await authenticate(req);
      const rows = await db.query<{ data: Profile }>('select data from profiles where id = $1 and project_id = $2', [profileId, projectId]);
      const row = rows[0];
      if (!row) throw notFound(`Profile ${profileId} does not exist in project ${projectId}`);
      return row.data;
    },
  });

  docs.define(app, {
    method: 'GET', url: '/api/Projects/:projectId', params: idParams('projectId'),
    doc: { summary: 'A project (same shape as BaseProfiles/{projectId}/project)', tag: 'Projects', auth: 'optional', responses: { 200: { description: 'The project', schema: ref('Project') }, 404: { description: 'Unknown project' } } },
    async handler(req) {
      await authenticate(req);
      return buildProject(db, pathIds(req, 'projectId').projectId);
    },
  });
}
