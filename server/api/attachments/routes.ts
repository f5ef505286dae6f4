import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, badRequest, notFound } from '../../http/errors.ts';
import {
  EDIT_ERRORS,
  USER_ERRORS,
  assertCanEdit,
  canSeeCreator,
  requireUser,
  userViewer,
  viewerOf,
} from '../access/recordAccess.ts';
import type { Viewer } from '../../../domain/review.ts';
import {
  assertAttachmentInfo,
  findKeyedAttachment,
  insertAttachment,
  preparePhoto,
  prepareSound,
  readAttachmentBytes,
  readAttachmentHead,
} from './store.ts';
import { pathIds, type ApiContext } from '../http/context.ts';
import { idempotencyKey, isUniqueViolation } from '../records/idempotency.ts';
import { loadTable } from '../meta/tableMeta.ts';
import { field, readForm } from '../http/multipart.ts';
import { inUploadSlot } from '../http/uploadSpool.ts';
import { readVisibleRecord } from '../records/store.ts';
import { cleanImage } from './cleanPhoto.ts';
import { idParams, Type } from '../../../domain/shapes/build.ts';
import { ref } from '../openapi/schemas.ts';
import { backToReviewAfterPhoto } from '../records/prepareWrite.ts';
import type { Db } from '../../db/index.ts';
import { noteWrite } from '../../http/writeEvents.ts';
import { SOUND_KIND, isSoundMime } from '../../../domain/sound.ts';
import { sendSound } from './sendSound.ts';
import { COVER_FIRST_ORDER, isImageSql } from './order.ts';
import { registerAttachmentOrderRoute } from './orderRoutes.ts';

const THUMB_QUERY = Type.Object({
  thumb: Type.Optional(Type.Boolean({ description: 'true: the 320 px JPEG thumbnail' })),
});
const IMAGE = {
  description: 'The image, or a sound (audio/*, with Range support) for an attachment that is one',
  contentType: 'image/*',
  schema: { type: 'string', contentMediaType: 'image/jpeg' },
};

/** A positive integer form field; 400 otherwise. */
function intField(v: string | undefined, name: string): number {
  if (v === undefined || !/^\s*\d{1,9}\s*$/.test(v) || Number(v) < 1)
    throw badRequest(`The form field ${name} must be a positive integer`);
  return Number(v);
}

/**
 * Sends attachment bytes with safe headers: the stored bytes to those who see the original (the
 * reporter and her group's reviewers), the picture only (cleanPhoto.ts) to everyone else.
 */
async function sendImage(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  id: number,
  thumb: boolean,
  name: string,
  original: boolean,
): Promise<FastifyReply> {
  const bytes = await readAttachmentBytes(db, id, thumb);
  if (!bytes) throw notFound(`Attachment ${id} does not exist`);
  // A sound carries no picture and no place in metadata we keep apart: everyone who sees the find hears it.
  if (isSoundMime(bytes.mime)) return sendSound(req, reply, bytes.data, bytes.mime, name);
  // Without its metadata a photo also loses its GPS position, which a sensitive species' photo may
  // keep only for those who see the exact place: the same people (sensitivity/viewerPlace.ts).
  const data = original ? bytes.data : await cleanImage(db, id, bytes);
  if (!data) throw new HttpError(500, `Attachment ${id} is not a readable JPEG or PNG`);
  return reply
    .type(bytes.mime)
    .header('cache-control', 'private, max-age=3600')
    .header('vary', 'authorization')
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(name)}`)
    .send(data);
}

/** Attachment routes: upload, read (original or thumbnail), delete, first attachment of an info. */
export function registerAttachmentRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, authenticate, docs } = ctx;

  /** The attachment if the caller may see its record; 404 otherwise. */
  const visibleAttachment = async (projectId: number, id: number, viewer: Viewer) => {
    const head = await readAttachmentHead(db, projectId, id);
    if (!head) throw notFound(`Attachment ${id} does not exist`);
    const meta = await loadTable(db, projectId, head.table_id);
    const row = await readVisibleRecord(db, meta, head.record_id, viewer);
    if (!row) throw notFound(`Attachment ${id} does not exist`);
    // The original (with its metadata) for those who may see who reported the find and where: her
    // and her group's reviewers (recordAccess.ts canSeeCreator); everyone else gets the picture only.
    return { head, meta, row, original: canSeeCreator(meta, row, viewer) };
  };

  /**
   * Registers GET `url` (its ids: `params`): an attachment as an image, the original or (thumb=true)
   * its thumbnail, when the caller may see its record; `attachmentId` finds which attachment.
   */
  const defineImageRoute = (route: {
    url: string;
    params: string[];
    summary: string;
    notFound: string;
    attachmentId: (req: FastifyRequest, projectId: number) => Promise<number>;
  }): void =>
    docs.define(app, {
      method: 'GET',
      url: route.url,
      params: idParams(...route.params),
      querystring: THUMB_QUERY,
      doc: {
        summary: route.summary,
        tag: 'Attachments',
        auth: 'optional',
        responses: { 200: IMAGE, 404: route.notFound },
      },
      async handler(req, reply) {
        const { projectId } = pathIds(req, 'projectId');
        const thumb = (req.query as { thumb?: boolean }).thumb === true;
        const viewer = viewerOf(await authenticate(req));
        const { head, original } = await visibleAttachment(projectId, await route.attachmentId(req, projectId), viewer);
        return sendImage(db, req, reply, head.id, thumb, head.name, original);
      },
    });

  docs.define(app, {
    method: 'POST',
    url: '/api/Records/:projectId/attachment',
    params: idParams('projectId'),
    doc: {
      summary: 'Add a photo or a sound to a record (creator only, STATUS 5 or empty)',
      tag: 'Attachments',
      auth: 'required',
      description:
        'With an Idempotency-Key the photo is stored once: repeating the upload with the same key (the same caller) ' +
        'returns the attachment stored the first time with status 200, also when two such uploads race or the first one ' +
        'committed after its client had given up. Without the header every upload adds an attachment.',
      headers: {
        'Idempotency-Key': {
          description:
            'Repeating an upload with the same key returns the first attachment (200); 1-200 visible ASCII characters, scoped to the caller. ' +
            'A key already used for a photo of another record: 409.',
          schema: { type: 'string', minLength: 1, maxLength: 200 },
        },
      },
      body: {
        contentType: 'multipart/form-data',
        schema: ref('AttachmentForm'),
      },
      responses: {
        201: { description: 'The attachment', shape: 'Attachment' },
        200: {
          description: 'Repeated Idempotency-Key: the attachment stored the first time',
          schema: ref('Attachment'),
        },
        ...USER_ERRORS,
        403: 'Not the creator, or already reviewed',
        404: 'Unknown record',
        400: 'Invalid form or Idempotency-Key, the record has 10 attachments already, or a sound (Kind=sound) whose content is not MP3, M4A, Ogg, WAV or WebM',
        409: { description: 'The Idempotency-Key was used for a photo of another record' },
        413: 'A photo over 20 MB or a sound over 10 MB',
        415: 'A photo that is not JPEG/PNG',
      },
    },
    async handler(req, reply) {
      const { projectId } = pathIds(req, 'projectId');
      const user = await requireUser(authenticate, req);
      const key = idempotencyKey(req, user.email);
      const form = await readForm(req, reply);
      const tableId = intField(field(form, 'TableId'), 'TableId');
      const recordId = intField(field(form, 'RecordId'), 'RecordId');
      const meta = await loadTable(db, projectId, tableId);
      const rawInfo = field(form, 'TableAttachmentInfoId');
      const infoId = rawInfo === undefined ? meta.attachmentInfoIds[0] : intField(rawInfo, 'TableAttachmentInfoId');
      if (infoId === undefined) throw badRequest(`Table ${tableId} takes no attachments`);
      assertAttachmentInfo(meta, infoId);
      const file =
        form.files.find((f) => f.field.toLowerCase() === 'file') ??
        (form.files.length === 1 ? form.files[0] : undefined);
      if (!file) throw badRequest('The form needs one File');
      const kind = field(form, 'Kind');
      if (kind !== undefined && kind !== SOUND_KIND)
        throw badRequest(`The form field Kind may only be "${SOUND_KIND}"`);
      // A repeated key: the first upload's attachment, before any work on the photo.
      const earlier = await findKeyedAttachment(db, key, tableId, recordId);
      const replayed = (): void => noteWrite(req, { kind: 'photos', count: 1, bytes: 0, replay: true });
      if (earlier) {
        replayed();
        return reply.status(200).send(earlier);
      }
      const photo = kind === SOUND_KIND ? await prepareSound(file) : await preparePhoto(file);
      try {
        const { status, attachment } = await inUploadSlot((slot) =>
          db.transaction(async (tx) => {
            const row = await readVisibleRecord(tx, meta, recordId, userViewer(user), true);
            if (!row) throw notFound(`Record ${recordId} does not exist in table ${tableId}`);
            assertCanEdit(meta, row, user.email);
            // Under the record's row lock: a duplicate that waited for the first upload sees its commit.
            const raced = await findKeyedAttachment(tx, key, tableId, recordId);
            if (raced) return { status: 200, attachment: raced };
            const attachment = await insertAttachment(tx, slot, row.id, tableId, infoId, photo, key);
            await backToReviewAfterPhoto(tx, meta, row);
            return { status: 201, attachment };
          }),
        );
        if (status === 201) noteWrite(req, { kind: 'photos', count: 1, bytes: photo.size, replay: false });
        else replayed();
        return reply.status(status).send(attachment);
      } catch (e) {
        // A concurrent duplicate committed first (the unique key): answer with its attachment.
        if (key !== null && isUniqueViolation(e)) {
          const first = await findKeyedAttachment(db, key, tableId, recordId);
          if (first) {
            replayed();
            return reply.status(200).send(first);
          }
        }
        throw e;
      }
    },
  });

  defineImageRoute({
    url: '/api/Records/:projectId/attachment/:recordAttachmentId',
    params: ['projectId', 'recordAttachmentId'],
    summary: 'An attachment as an image (thumb=true: JPEG thumbnail, long edge 320 px)',
    notFound: 'Unknown or not visible',
    attachmentId: async (req) => pathIds(req, 'recordAttachmentId').recordAttachmentId,
  });

  docs.define(app, {
    method: 'DELETE',
    url: '/api/Records/:projectId/attachment/:recordAttachmentId',
    params: idParams('projectId', 'recordAttachmentId'),
    doc: {
      summary: 'Delete an attachment (creator only, STATUS 5 or empty)',
      tag: 'Attachments',
      auth: 'required',
      responses: {
        200: { description: 'Deleted', shape: 'Deleted' },
        ...EDIT_ERRORS,
        404: 'Unknown',
      },
    },
    async handler(req) {
      const { projectId, recordAttachmentId } = pathIds(req, 'projectId', 'recordAttachmentId');
      const user = await requireUser(authenticate, req);
      const { meta, row } = await visibleAttachment(projectId, recordAttachmentId, userViewer(user));
      await db.transaction(async (tx) => {
        const locked = await readVisibleRecord(tx, meta, row.id, userViewer(user), true);
        if (!locked) throw notFound(`Attachment ${recordAttachmentId} does not exist`);
        assertCanEdit(meta, locked, user.email);
        await tx.query('delete from attachments where id = $1', [recordAttachmentId]);
        await backToReviewAfterPhoto(tx, meta, locked);
      });
      return { id: recordAttachmentId, deleted: true };
    },
  });

  registerAttachmentOrderRoute(app, ctx);

  defineImageRoute({
    url: '/api/Records/:projectId/record/:recordId/attachmentinfo/:tableAttachmentInfoId',
    params: ['projectId', 'recordId', 'tableAttachmentInfoId'],
    summary:
      'The cover of a record (the chosen photo, else its first photo; sounds are skipped) of an attachment info, as an image',
    notFound: 'No such attachment, or not visible',
    // Its callers show the record's photo: a sound (domain/sound.ts) is never "the first image".
    async attachmentId(req, projectId) {
      const { recordId, tableAttachmentInfoId } = pathIds(req, 'recordId', 'tableAttachmentInfoId');
      const rows = await db.query<{ id: number }>(
        `select a.id from attachments a join records r on r.id = a.record_id
          where a.record_id = $1 and a.attachment_info_id = $2 and r.project_id = $3 and not r.archived
            and ${isImageSql('a')} order by a.${COVER_FIRST_ORDER.replaceAll(', ', ', a.')} limit 1`,
        [recordId, tableAttachmentInfoId, projectId],
      );
      const first = rows[0];
      if (!first) throw notFound(`Record ${recordId} has no attachment of info ${tableAttachmentInfoId}`);
      return first.id;
    },
  });
}
