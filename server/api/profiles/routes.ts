import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/index.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireAdmin } from '../access/admin.ts';
import { nextId } from '../meta/nextIds.ts';
import { JSON_BODY_LIMIT, JSON_TYPES, pathIds, type ApiContext } from '../http/context.ts';
import { parseLayerTree, pruneLayerTree } from './layerTree.ts';
import { requireProject } from '../meta/tableMeta.ts';
import { readForm } from '../http/multipart.ts';
import { checkPhoto, makeThumbnail } from '../attachments/photoFiles.ts';
import { validateProfile, type StoredProfile } from './validate.ts';
import { buildProject } from '../projects/routes.ts';
import { idParams, ref } from '../openapi/schemas.ts';
import { bodyObject, positiveInt } from '../http/input.ts';

/** Reads profile `profileId` of project `projectId` (locked for an update when asked); 404 when unknown. */
async function readProfile(
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
async function saveProfile(q: Queryable, p: StoredProfile): Promise<StoredProfile> {
  await q.query('update profiles set data = $2::jsonb where id = $1', [p.id, JSON.stringify(p)]);
  return p;
}

const ADMIN_ERRORS = { 401: { description: 'No token' }, 403: { description: 'Not an administrator' } };
const PROFILE = { description: 'The profile', schema: ref('Profile') };
const IMAGE = {
  description: 'The thumbnail (JPEG, long edge 320 px)',
  contentType: 'image/jpeg',
  schema: { type: 'string', contentMediaType: 'image/jpeg' },
};

/** Profile routes (SPEC §7 Profiles): read, and for administrators create, change, delete, layer tree, thumbnail, copy. */
export function registerProfileRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, authenticate, docs } = ctx;
  const admin = (req: Parameters<typeof authenticate>[0], what: string) => requireAdmin(authenticate, req, what);

  docs.define(app, {
    method: 'GET',
    url: '/api/BaseProfiles/:projectId/project',
    params: idParams('projectId'),
    doc: {
      summary: 'The project with tables, columns, layers and Select values',
      tag: 'Profiles',
      auth: 'optional',
      responses: {
        200: { description: 'The project', schema: ref('Project') },
        404: { description: 'Unknown project' },
      },
    },
    async handler(req) {
      await authenticate(req);
      return buildProject(db, pathIds(req, 'projectId').projectId);
    },
  });

  docs.define(app, {
    method: 'GET',
    url: '/api/BaseProfiles/:projectId/:profileId',
    params: idParams('projectId', 'profileId'),
    doc: {
      summary: 'A profile: tables, table views, layers with symbology, base maps, initial view',
      tag: 'Profiles',
      auth: 'optional',
      responses: { 200: PROFILE, 401: { description: 'Invalid token' }, 404: { description: 'Unknown profile' } },
    },
    async handler(req) {
      const { projectId, profileId } = pathIds(req, 'projectId', 'profileId');
      await authenticate(req);
      return readProfile(db, projectId, profileId);
    },
  });

  docs.define(app, {
    method: 'POST',
    url: '/api/BaseProfiles/:projectId',
    params: idParams('projectId'),
    bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: 'Create a profile (administrators)',
      tag: 'Profiles',
      auth: 'required',
      body: { contentType: JSON_TYPES, schema: ref('ProfileInput') },
      responses: {
        201: { description: 'The new profile with its id', schema: ref('Profile') },
        400: { description: 'Invalid profile' },
        ...ADMIN_ERRORS,
        404: { description: 'Unknown project' },
      },
    },
    async handler(req, reply) {
      const { projectId } = pathIds(req, 'projectId');
      await admin(req, 'create profiles');
      const input = bodyObject(req.body, 'The profile');
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

  docs.define(app, {
    method: 'PUT',
    url: '/api/BaseProfiles/:projectId/:profileId',
    params: idParams('projectId', 'profileId'),
    bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: 'Change a profile (administrators): the top-level fields given replace the stored ones',
      tag: 'Profiles',
      auth: 'required',
      body: { contentType: JSON_TYPES, schema: ref('ProfileInput') },
      responses: {
        200: PROFILE,
        400: { description: 'Invalid profile' },
        ...ADMIN_ERRORS,
        404: { description: 'Unknown profile' },
      },
    },
    async handler(req) {
      const { projectId, profileId } = pathIds(req, 'projectId', 'profileId');
      await admin(req, 'change profiles');
      const input = bodyObject(req.body, 'The profile');
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

  docs.define(app, {
    method: 'DELETE',
    url: '/api/BaseProfiles/:projectId/:profileId',
    params: idParams('projectId', 'profileId'),
    doc: {
      summary: 'Delete a profile (administrators)',
      tag: 'Profiles',
      auth: 'required',
      responses: {
        200: { description: 'Deleted', schema: ref('Deleted') },
        ...ADMIN_ERRORS,
        404: { description: 'Unknown profile' },
      },
    },
    async handler(req) {
      const { projectId, profileId } = pathIds(req, 'projectId', 'profileId');
      await admin(req, 'delete profiles');
      await readProfile(db, projectId, profileId);
      await db.query('delete from profiles where id = $1 and project_id = $2', [profileId, projectId]);
      return { id: profileId, deleted: true };
    },
  });

  docs.define(app, {
    method: 'PUT',
    url: '/api/BaseProfiles/:projectId/:profileId/tree',
    params: idParams('projectId', 'profileId'),
    bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: 'Set the layer tree of a profile (administrators): order, visibility and grouping of its layers',
      tag: 'Profiles',
      auth: 'required',
      description:
        'Stored in the profile JSON as layerTree; the first node is drawn on top. Each layer of the profile at most once.',
      body: { contentType: JSON_TYPES, schema: ref('LayerTree') },
      responses: {
        200: PROFILE,
        400: { description: 'Invalid tree' },
        ...ADMIN_ERRORS,
        404: { description: 'Unknown profile' },
      },
    },
    async handler(req) {
      const { projectId, profileId } = pathIds(req, 'projectId', 'profileId');
      await admin(req, 'change layer trees');
      const b = bodyObject(req.body, 'The layer tree');
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

  docs.define(app, {
    method: 'POST',
    url: '/api/BaseProfiles/:projectId/:profileId/thumbnail',
    params: idParams('projectId', 'profileId'),
    doc: {
      summary: 'Set the thumbnail of a profile (administrators; multipart, one JPEG or PNG, stored as a 320 px JPEG)',
      tag: 'Profiles',
      auth: 'required',
      body: {
        contentType: 'multipart/form-data',
        schema: {
          type: 'object',
          required: ['File'],
          properties: { File: { type: 'string', contentMediaType: 'image/jpeg' } },
        },
      },
      responses: {
        201: { description: 'Stored', schema: ref('ThumbnailResult') },
        400: { description: 'No file, several files, or not an image' },
        ...ADMIN_ERRORS,
        404: { description: 'Unknown profile' },
        413: { description: 'Over 20 MB' },
        415: { description: 'Not multipart, or not JPEG/PNG' },
      },
    },
    async handler(req, reply) {
      const { projectId, profileId } = pathIds(req, 'projectId', 'profileId');
      await admin(req, 'change profile thumbnails');
      await readProfile(db, projectId, profileId);
      const form = await readForm(req);
      const file = form.files[0];
      if (!file || form.files.length > 1) throw badRequest('The form needs exactly one image file');
      checkPhoto(file.data);
      const thumb = await makeThumbnail(file.data);
      await db.query("update profiles set thumbnail = $2, thumbnail_mime = 'image/jpeg' where id = $1", [
        profileId,
        thumb,
      ]);
      return reply.status(201).send({ profileId, mimeType: 'image/jpeg', size: thumb.length });
    },
  });

  docs.define(app, {
    method: 'GET',
    url: '/api/BaseProfiles/:projectId/:profileId/thumbnail',
    params: idParams('projectId', 'profileId'),
    doc: {
      summary: 'The thumbnail of a profile',
      tag: 'Profiles',
      auth: 'optional',
      responses: { 200: IMAGE, 404: { description: 'Unknown profile, or it has no thumbnail' } },
    },
    async handler(req, reply) {
      const { projectId, profileId } = pathIds(req, 'projectId', 'profileId');
      await authenticate(req);
      await readProfile(db, projectId, profileId);
      const rows = await db.query<{ thumbnail: Uint8Array | null; thumbnail_mime: string | null }>(
        'select thumbnail, thumbnail_mime from profiles where id = $1',
        [profileId],
      );
      const t = rows[0];
      if (!t?.thumbnail) throw notFound(`Profile ${profileId} has no thumbnail`);
      return reply
        .type(t.thumbnail_mime ?? 'image/jpeg')
        .header('cache-control', 'no-cache')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(t.thumbnail.buffer, t.thumbnail.byteOffset, t.thumbnail.byteLength));
    },
  });

  docs.define(app, {
    method: 'POST',
    url: '/api/BaseProfiles/:projectId/copy',
    params: idParams('projectId'),
    bodyLimit: JSON_BODY_LIMIT,
    doc: {
      summary: 'Copy a profile within its project (administrators), thumbnail included',
      tag: 'Profiles',
      auth: 'required',
      body: { contentType: JSON_TYPES, schema: ref('ProfileCopyRequest') },
      responses: {
        201: { description: 'The copy with its new id', schema: ref('Profile') },
        400: { description: 'Invalid body' },
        ...ADMIN_ERRORS,
        404: { description: 'Unknown project or profile' },
      },
    },
    async handler(req, reply) {
      const { projectId } = pathIds(req, 'projectId');
      await admin(req, 'copy profiles');
      const b = bodyObject(req.body);
      const from = positiveInt(b.profileId, 'profileId');
      if (b.name !== undefined && (typeof b.name !== 'string' || b.name.trim() === '' || b.name.length > 200))
        throw badRequest('name must be a non-empty text of at most 200 characters');
      const copy = await db.transaction(async (tx) => {
        const src = await readProfile(tx, projectId, from);
        const p: StoredProfile = {
          ...src,
          id: await nextId(tx, 'profile'),
          name: typeof b.name === 'string' ? b.name : `${src.name} (kopija)`,
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
