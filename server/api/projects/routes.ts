import type { FastifyInstance } from 'fastify';
import type { Profile, Project, ProfileLayer, SelectValue } from '../../../domain/model.ts';
import type { Queryable } from '../../db/index.ts';
import { defineAdminRoute, isAdmin } from '../access/admin.ts';
import { nextId } from '../meta/nextIds.ts';
import { pathIds, type ApiContext } from '../http/context.ts';
import { loadColumns, loadSelectValues, requireProject } from '../meta/tableMeta.ts';
import { withMetaChange } from '../meta/cache.ts';
import { copyProject } from './copy.ts';
import { createdResponses, type ResponseDoc } from '../openapi/apiDocs.ts';
import { idParams } from '../../../domain/shapes/build.ts';
import { ref } from '../openapi/schemas.ts';
import { shapedBody } from '../http/input.ts';

/** A project as the API serves it: tables with columns, layers, Select values by column id and attachment infos. */
export interface ProjectResponse extends Project {
  public: boolean;
  selectValues: Record<string, SelectValue[]>;
  attachmentInfos: { id: number; tableId: number; name: string }[];
}

/** Reads the profiles of a project (their stored JSON), by id. */
export async function loadProfiles(db: Queryable, projectId: number): Promise<Profile[]> {
  const rows = await db.query<{ data: Profile }>('select data from profiles where project_id = $1 order by id', [
    projectId,
  ]);
  return rows.map((r) => r.data);
}

/** Builds project `projectId` with its tables, columns, layers and lookups; 404 when unknown. */
export async function buildProject(db: Queryable, projectId: number): Promise<ProjectResponse> {
  const p = await requireProject(db, projectId);
  const tables = await db.query<{ id: number; name: string; geometry_type: number | null }>(
    'select id, name, geometry_type from platform_tables where project_id = $1 order by id',
    [projectId],
  );
  const ids = tables.map((t) => t.id);
  const columns = await loadColumns(db, ids);
  const values = await loadSelectValues(
    db,
    columns.filter((c) => c.type === 'Select').map((c) => c.id),
  );
  const infos = await db.query<{ id: number; table_id: number; name: string }>(
    'select id, table_id, name from attachment_infos where table_id = any($1::int[]) order by id',
    [ids],
  );
  const layers = new Map<number, ProfileLayer>();
  for (const profile of await loadProfiles(db, projectId))
    for (const l of profile.layers ?? []) if (!layers.has(l.id)) layers.set(l.id, l);
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    public: p.isPublic,
    tables: tables.map((t) => ({
      id: t.id,
      projectId,
      name: t.name,
      geometryType: t.geometry_type,
      columns: columns.filter((c) => c.tableId === t.id),
    })),
    layers: [...layers.values()],
    selectValues: Object.fromEntries([...values].map(([k, v]) => [String(k), v])),
    attachmentInfos: infos.map((i) => ({ id: i.id, tableId: i.table_id, name: i.name })),
  };
}

type SummaryRow = { id: number; name: string; description: string; is_public: boolean };
const summary = (r: SummaryRow) => ({ id: r.id, name: r.name, description: r.description, public: r.is_public });
const LIST = { description: 'Projects by id', schema: { type: 'array', items: ref('ProjectSummary') } };

/** The answer of a project read or change: buildProject's. */
const PROJECT: ResponseDoc = { description: 'The project', shape: 'Project' };

/**
 * Registers GET `url`: project {projectId} as buildProject makes it. Two URLs serve it,
 * Projects/{projectId} and BaseProfiles/{projectId}/project, each with its own documentation.
 */
export function defineProjectRead(
  app: FastifyInstance,
  ctx: ApiContext,
  url: string,
  doc: { summary: string; tag: string; notFound: string },
): void {
  ctx.docs.define(app, {
    method: 'GET',
    url,
    params: idParams('projectId'),
    doc: {
      summary: doc.summary,
      tag: doc.tag,
      auth: 'optional',
      responses: { 200: PROJECT, 404: doc.notFound },
    },
    async handler(req) {
      await ctx.authenticate(req);
      return buildProject(ctx.db, pathIds(req, 'projectId').projectId);
    },
  });
}

/** Project routes (/api/Projects): read and list, and for administrators create, change, delete, copy. */
export function registerProjectRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, authenticate, docs } = ctx;

  docs.define(app, {
    method: 'GET',
    url: '/api/Projects',
    doc: {
      summary: 'The projects the caller may see: the public ones (administrators: all)',
      tag: 'Projects',
      auth: 'optional',
      responses: { 200: LIST, 401: 'Invalid token' },
    },
    async handler(req) {
      const all = isAdmin(await authenticate(req));
      const rows = await db.query<SummaryRow>(
        `select id, name, description, is_public from projects${all ? '' : ' where is_public'} order by id`,
      );
      return rows.map(summary);
    },
  });

  defineAdminRoute(app, ctx, {
    method: 'GET',
    url: '/api/Projects/all',
    what: 'list all projects',
    doc: { summary: 'Every project, drafts included (administrators)', tag: 'Projects', responses: { 200: LIST } },
    handler: async () =>
      (await db.query<SummaryRow>('select id, name, description, is_public from projects order by id')).map(summary),
  });

  defineProjectRead(app, ctx, '/api/Projects/:projectId', {
    summary: 'A project (same shape as BaseProfiles/{projectId}/project)',
    tag: 'Projects',
    notFound: 'Unknown project, or a draft and the caller is no administrator',
  });

  defineAdminRoute(app, ctx, {
    method: 'POST',
    url: '/api/Projects',
    what: 'create projects',
    doc: {
      summary: 'Create an empty project (administrators); public unless public is false',
      tag: 'Projects',
      body: 'ProjectCreate',
      responses: { 201: { description: 'The new project', shape: 'Project' }, 400: 'Invalid body' },
    },
    async handler(req, reply) {
      const input = shapedBody(req, 'ProjectCreate');
      const id = await withMetaChange(db, () =>
        db.transaction(async (tx) => {
          const newId = await nextId(tx, 'project');
          await tx.query('insert into projects (id, name, description, is_public) values ($1, $2, $3, $4)', [
            newId,
            input.name.trim(),
            input.description ?? '',
            input.public ?? true,
          ]);
          return newId;
        }),
      );
      return reply.status(201).send(await buildProject(db, id));
    },
  });

  defineAdminRoute(app, ctx, {
    method: 'PUT',
    url: '/api/Projects/:projectId',
    params: idParams('projectId'),
    what: 'change projects',
    doc: {
      summary: "Change a project's name, description or public flag (administrators)",
      tag: 'Projects',
      body: 'ProjectInput',
      responses: { 200: PROJECT, 400: 'Invalid body', 404: 'Unknown project' },
    },
    async handler(req) {
      const { projectId } = pathIds(req, 'projectId');
      const input = shapedBody(req, 'ProjectInput');
      await requireProject(db, projectId);
      await withMetaChange(db, () =>
        db.query(
          'update projects set name = coalesce($2, name), description = coalesce($3, description), is_public = coalesce($4, is_public) where id = $1',
          [projectId, input.name?.trim() ?? null, input.description ?? null, input.public ?? null],
        ),
      );
      return buildProject(db, projectId);
    },
  });

  defineAdminRoute(app, ctx, {
    method: 'DELETE',
    url: '/api/Projects/:projectId',
    params: idParams('projectId'),
    what: 'delete projects',
    doc: {
      summary: 'Delete a project with its tables, columns, records, attachments and profiles (administrators)',
      tag: 'Projects',
      responses: { 200: { description: 'Deleted', shape: 'Deleted' }, 404: 'Unknown project' },
    },
    async handler(req) {
      const { projectId } = pathIds(req, 'projectId');
      await requireProject(db, projectId);
      await withMetaChange(db, () =>
        db.transaction(async (tx) => {
          await tx.query('delete from records where project_id = $1', [projectId]);
          await tx.query('delete from projects where id = $1', [projectId]);
        }),
      );
      return { id: projectId, deleted: true };
    },
  });

  defineAdminRoute(app, ctx, {
    method: 'POST',
    url: '/api/Projects/copy',
    what: 'copy projects',
    doc: {
      summary:
        'Copy a project (administrators): tables, columns, Select values, attachment infos and profiles with new ids; records optional',
      tag: 'Projects',
      description:
        'Column and table ids inside profiles (table views, layers, filters, labels) point at the copies. With includeRecords, records (archived ones too) and their attachments are copied with new ids; key columns that held the record id get the new id, and foreign keys to such tables follow. The copy is a draft (public false) unless public is true.',
      body: 'ProjectCopyRequest',
      responses: createdResponses('The copy', 'Project', 'Unknown project'),
    },
    async handler(req, reply) {
      const b = shapedBody(req, 'ProjectCopyRequest');
      const from = b.projectId;
      await requireProject(db, from);
      const id = await withMetaChange(db, () =>
        db.transaction((tx) =>
          copyProject(tx, from, {
            name: b.name?.trim() ?? null,
            isPublic: b.public ?? false,
            includeRecords: b.includeRecords === true,
          }),
        ),
      );
      return reply.status(201).send(await buildProject(db, id));
    },
  });
}
