/** The thumbnail of a profile (/api/BaseProfiles/{projectId}/{profileId}/thumbnail): set by administrators (one JPEG or PNG, stored as a 320 px JPEG), read by anyone. */
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../http/errors.ts';
import { defineAdminRoute } from '../access/admin.ts';
import { pathIds, type ApiContext } from '../http/context.ts';
import { readForm } from '../http/multipart.ts';
import { SNIFF_BYTES, checkPhoto, makeThumbnail } from '../attachments/photoFiles.ts';
import { inUploadSlot, readHead } from '../http/uploadSpool.ts';
import { idParams } from '../../../domain/shapes/build.ts';
import { readProfile } from './store.ts';

const IMAGE = {
  description: 'The thumbnail (JPEG, long edge 320 px)',
  contentType: 'image/jpeg',
  schema: { type: 'string', contentMediaType: 'image/jpeg' },
};

/** The thumbnail routes of the profiles: set (administrators) and read. */
export function registerProfileThumbnailRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, authenticate, docs } = ctx;

  defineAdminRoute(app, ctx, {
    method: 'POST',
    url: '/api/BaseProfiles/:projectId/:profileId/thumbnail',
    params: idParams('projectId', 'profileId'),
    what: 'change profile thumbnails',
    doc: {
      summary: 'Set the thumbnail of a profile (administrators; multipart, one JPEG or PNG, stored as a 320 px JPEG)',
      tag: 'Profiles',
      body: {
        contentType: 'multipart/form-data',
        schema: {
          type: 'object',
          required: ['File'],
          properties: { File: { type: 'string', contentMediaType: 'image/jpeg' } },
        },
      },
      responses: {
        201: { description: 'Stored', shape: 'ThumbnailResult' },
        400: 'No file, several files, or not an image',
        404: 'Unknown profile',
        413: 'Over 20 MB',
        415: 'Not multipart, or not JPEG/PNG',
      },
    },
    async handler(req, reply) {
      const { projectId, profileId } = pathIds(req, 'projectId', 'profileId');
      await readProfile(db, projectId, profileId);
      const form = await readForm(req, reply);
      const file = form.files[0];
      if (!file || form.files.length > 1) throw badRequest('The form needs exactly one image file');
      checkPhoto(await readHead(file.path, SNIFF_BYTES), file.size);
      const thumb = await inUploadSlot(() => makeThumbnail(file.path));
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
      responses: { 200: IMAGE, 404: 'Unknown profile, or it has no thumbnail' },
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
}
