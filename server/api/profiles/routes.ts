import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../http/errors.ts';
import { defineAdminRoute } from '../access/admin.ts';
import { nextId } from '../meta/nextIds.ts';
import { pathIds, type ApiContext } from '../http/context.ts';
import { parseLayerTree, pruneLayerTree } from './layerTree.ts';
import { requireProject } from '../meta/tableMeta.ts';
import { validateProfile, type StoredProfile } from './validate.ts';
import { defineProjectRead } from '../projects/routes.ts';
import { createdResponses, type ResponseDoc } from '../openapi/apiDocs.ts';
import { idParams } from '../../../domain/shapes/build.ts';
import { shapedBody } from '../http/input.ts';
import { readProfile, saveProfile } from './store.ts';
import { registerProfileThumbnailRoutes } from './thumbnailRoutes.ts';

const PROFILE: ResponseDoc = { description: 'The profile', shape: 'Profile' };

/** The URL of one profile and its ids. */
const ONE_PROFILE = { url: '/api/BaseProfiles/:projectId/:profileId', params: idParams('projectId', 'profileId') };

/** Profile routes (/api/BaseProfiles): read, and for administrators create, change, delete, layer tree, thumbnail, copy. */
export function registerProfileRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, authenticate, docs } = ctx;

  defineProjectRead(app, ctx, '/api/BaseProfiles/:projectId/project', {
    summary: 'The project with tables, columns, layers and Select values',
    tag: 'Profiles',
    notFound: 'Unknown project',
  });

  docs.define(app, {
    method: 'GET',
    ...ONE_PROFILE,
    doc: {
      summary: 'A profile: tables, table views, layers with symbology, base maps, initial view',
      tag: 'Profiles',
      auth: 'optional',
      responses: { 200: PROFILE, 401: 'Invalid token', 404: 'Unknown profile' },
    },
    async handler(req) {
      const { projectId, profileId } = pathIds(req, 'projectId', 'profileId');
      await authenticate(req);
      return readProfile(db, projectId, profileId);
    },
  });

  defineAdminRoute(app, ctx, {
    method: 'POST',
    url: '/api/BaseProfiles/:projectId',
    params: idParams('projectId'),
    what: 'create profiles',
    doc: {
      summary: 'Create a profile (administrators)',
      tag: 'Profiles',
      body: 'ProfileInput',
      responses: createdResponses('The new profile with its id', 'Profile', 'Unknown project'),
    },
    async handler(req, reply) {
      const { projectId } = pathIds(req, 'projectId');
      const input = shapedBody(req, 'ProfileInput');
      await requireProject(db, projectId);
      const profile = await db.transaction(async (tx) => {
        const p = await validateProfile(tx, projectId, await nextId(tx, 'profile'), input);
        await tx.query('insert into profiles (id, project_id, data) values ($1, $2, $3::jsonb)', [
          p.id,
          projectId,
          JSON.stringify(p),
        ]);
        return p;
      });
      return reply.status(201).send(profile);
    },
  });

  defineAdminRoute(app, ctx, {
    method: 'PUT',
    ...ONE_PROFILE,
    what: 'change profiles',
    doc: {
      summary: 'Change a profile (administrators): the top-level fields given replace the stored ones',
      tag: 'Profiles',
      body: 'ProfileInput',
      responses: { 200: PROFILE, 400: 'Invalid profile', 404: 'Unknown profile' },
    },
    async handler(req) {
      const { projectId, profileId } = pathIds(req, 'projectId', 'profileId');
      const input: Record<string, unknown> = shapedBody(req, 'ProfileInput');
      for (const k of ['id', 'projectId'] as const) {
        if (input[k] !== undefined && input[k] !== (k === 'id' ? profileId : projectId))
          throw badRequest(`${k} cannot be changed`);
      }
      return db.transaction(async (tx) => {
        const stored = await readProfile(tx, projectId, profileId, true);
        const merged: Record<string, unknown> = { ...stored, ...input };
        if (
          input.layers !== undefined &&
          input.layerTree === undefined &&
          stored.layerTree &&
          Array.isArray(input.layers)
        ) {
          const ids = input.layers
            .map((l) => (l && typeof l === 'object' ? (l as { id?: unknown }).id : null))
            .filter((x): x is number => typeof x === 'number');
          merged.layerTree = pruneLayerTree(stored.layerTree, ids);
        }
        return saveProfile(tx, await validateProfile(tx, projectId, profileId, merged));
      });
    },
  });

  defineAdminRoute(app, ctx, {
    method: 'DELETE',
    ...ONE_PROFILE,
    what: 'delete profiles',
    doc: {
      summary: 'Delete a profile (administrators)',
      tag: 'Profiles',
      responses: { 200: { description: 'Deleted', shape: 'Deleted' }, 404: 'Unknown profile' },
    },
    async handler(req) {
      const { projectId, profileId } = pathIds(req, 'projectId', 'profileId');
      await readProfile(db, projectId, profileId);
      await db.query('delete from profiles where id = $1 and project_id = $2', [profileId, projectId]);
      return { id: profileId, deleted: true };
    },
  });

  defineAdminRoute(app, ctx, {
    method: 'PUT',
    url: '/api/BaseProfiles/:projectId/:profileId/tree',
    params: idParams('projectId', 'profileId'),
    what: 'change layer trees',
    doc: {
      summary: 'Set the layer tree of a profile (administrators): order, visibility and grouping of its layers',
      tag: 'Profiles',
      description:
        'Stored in the profile JSON as layerTree; the first node is drawn on top. Each layer of the profile at most once.',
      body: 'LayerTree',
      responses: { 200: PROFILE, 400: 'Invalid tree', 404: 'Unknown profile' },
    },
    async handler(req) {
      const { projectId, profileId } = pathIds(req, 'projectId', 'profileId');
      const b = shapedBody(req, 'LayerTree');
      return db.transaction(async (tx) => {
        const stored = await readProfile(tx, projectId, profileId, true);
        return saveProfile(tx, {
          ...stored,
          layerTree: parseLayerTree(
            b.tree,
            stored.layers.map((l) => l.id),
          ),
        });
      });
    },
  });

  // Here, between the tree and the copy, to keep the order of the API documentation.
  registerProfileThumbnailRoutes(app, ctx);

  defineAdminRoute(app, ctx, {
    method: 'POST',
    url: '/api/BaseProfiles/:projectId/copy',
    params: idParams('projectId'),
    what: 'copy profiles',
    doc: {
      summary: 'Copy a profile within its project (administrators), thumbnail included',
      tag: 'Profiles',
      body: 'ProfileCopyRequest',
      responses: createdResponses('The copy with its new id', 'Profile', 'Unknown project or profile'),
    },
    async handler(req, reply) {
      const { projectId } = pathIds(req, 'projectId');
      const { profileId: from, name } = shapedBody(req, 'ProfileCopyRequest');
      const copy = await db.transaction(async (tx) => {
        const src = await readProfile(tx, projectId, from);
        const p: StoredProfile = {
          ...src,
          id: await nextId(tx, 'profile'),
          name: name ?? `${src.name} (kopija)`,
        };
        await tx.query(
          `insert into profiles (id, project_id, data, thumbnail, thumbnail_mime)
           select $1, project_id, $2::jsonb, thumbnail, thumbnail_mime from profiles where id = $3`,
          [p.id, JSON.stringify(p), from],
        );
        return p;
      });
      return reply.status(201).send(copy);
    },
  });
}
