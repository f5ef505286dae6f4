/**
 * 'Prenesi moje podatke': GET /api/me/export, the signed-in person's whole data as one ZIP
 * (archive.ts), and GET /api/admin/users/{email}/export, the same for a person who asked an
 * administrator by e-mail; every such administrator's export is written to the audit log first.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { notFound, tooManyRequests } from '../../http/errors.ts';
import type { RateLimiter } from '../../limits/rateLimiter.ts';
import type { LimitRule } from '../../limits/rules.ts';
import { defineAdminRoute } from '../access/admin.ts';
import { personSubject, writeAudit } from '../access/auditLog.ts';
import { emailOf, requireUser, storedEmail, USER_ERRORS } from '../access/recordAccess.ts';
import { sendDownload } from '../exports/routes.ts';
import type { ApiContext } from '../http/context.ts';
import type { RouteDoc } from '../openapi/apiDocs.ts';
import { archiveFileName, personalArchivePieces, type ArchiveSubject } from './archive.ts';
import { holdsAnything } from './personalData.ts';
import { Type } from '../../../domain/shapes/build.ts';

/** What the personal export routes need besides the API's context. */
export interface PersonalExportSettings {
  /** The app's public origin for links; default the request's own. */
  publicUrl: string | null;
  /** The project's contact e-mail (README.txt). */
  contactEmail: string;
  /** The limit on each person's own downloads (limits/rules.ts personalExport); none when not given. */
  limit?: { limiter: RateLimiter; rule: LimitRule | null };
}

const ZIP = 'application/zip';

/** The 200 of both routes. */
const ARCHIVE_RESPONSE: RouteDoc['responses'] = {
  200: {
    description:
      'The ZIP (Content-Disposition: attachment; filename="sporoci-vrsto-moji-podatki-YYYY-MM-DD.zip"): README.txt (Slovenian, what each file holds), ' +
      'racun.json (account: e-mail, name, roles), najdbe.geojson and najdbe.csv (every find the person created, archived ones too, every column, exact places; ' +
      'one pair per table, najdbe-{projectId}-{tableId}.*, when her finds are in more than one), priloge.json and priloge/ (the attachments of her finds, the stored originals), ' +
      'zgodovina.json (the history of her finds and every entry she made), obvestila.json (what others did to her finds)',
    contentType: ZIP,
    schema: { type: 'string', contentMediaType: ZIP },
  },
};

/** Registers /api/me/export and /api/admin/users/{email}/export. */
export function registerPersonalExportRoutes(
  app: FastifyInstance,
  ctx: ApiContext,
  settings: PersonalExportSettings,
): void {
  const { db, authenticate, docs } = ctx;
  const subject = (req: FastifyRequest, email: string, self: ArchiveSubject['self']): ArchiveSubject => ({
    email,
    self,
    links: { origin: (settings.publicUrl ?? `${req.protocol}://${req.host}`).replace(/\/+$/, '') },
    contactEmail: settings.contactEmail,
  });

  docs.define(app, {
    method: 'GET',
    url: '/api/me/export',
    doc: {
      summary: "The caller's own data as one ZIP ('Prenesi moje podatke')",
      description:
        'Everything the platform holds about the signed-in caller, in open formats, streamed. ' +
        'At most RATE_LIMIT_PERSONAL_EXPORT downloads per person (10 an hour by default; 429 with Retry-After past it).',
      tag: 'Personal data',
      auth: 'required',
      responses: {
        ...ARCHIVE_RESPONSE,
        ...USER_ERRORS,
        429: 'Too many downloads; try again after Retry-After seconds',
      },
    },
    async handler(req, reply) {
      const user = await requireUser(authenticate, req);
      const { limit } = settings;
      if (limit?.rule) {
        const decision = await limit.limiter.hit(limit.rule, user.email);
        if (!decision.allowed)
          throw tooManyRequests(
            `Too many downloads of your data: at most ${limit.rule.limit} in ${limit.rule.windowS} s. Try again in ${decision.retryAfterS} s.`,
            decision.retryAfterS,
          );
      }
      return sendDownload(req, reply, personalArchivePieces(db, subject(req, user.email, user)), {
        type: ZIP,
        fileName: archiveFileName(),
        compress: false,
      });
    },
  });

  defineAdminRoute(app, ctx, {
    method: 'GET',
    url: '/api/admin/users/:email/export',
    params: Type.Object({ email: Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' }) }),
    what: "export a person's data",
    doc: {
      summary: "A person's data as one ZIP, for an administrator answering her request",
      description:
        'The same archive as /api/me/export, for the person with this e-mail. Every call is written to the audit log ' +
        '(action export-user-data: the administrator, the person, the time) before the first byte is sent.',
      tag: 'Personal data',
      responses: { ...ARCHIVE_RESPONSE, 404: 'The platform holds nothing about this e-mail' },
    },
    async handler(req, reply, admin) {
      const email = storedEmail((req.params as { email: string }).email);
      if (!(await holdsAnything(db, email))) throw notFound(`The platform holds no data about ${email}`);
      await writeAudit(db, {
        actor: emailOf(admin) ?? admin.sub,
        action: 'export-user-data',
        subject: await personSubject(db, email),
        details: { route: '/api/admin/users/{email}/export' },
      });
      return sendDownload(req, reply, personalArchivePieces(db, subject(req, email, null)), {
        type: ZIP,
        fileName: archiveFileName(),
        compress: false,
      });
    },
  });
}
