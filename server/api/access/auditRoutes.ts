import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../http/context.ts';
import { defineAdminRoute } from './admin.ts';
import { knownPersonSubject, MAX_AUDIT_ENTRIES, readAudit } from './auditLog.ts';
import { storedEmail } from './recordAccess.ts';
import { Type } from '../../../domain/shapes/build.ts';

/** GET /api/admin/audit: the audit log (auditLog.ts), for administrators only. */
export function registerAuditRoutes(app: FastifyInstance, ctx: ApiContext): void {
  defineAdminRoute(app, ctx, {
    method: 'GET',
    url: '/api/admin/audit',
    querystring: Type.Object({
      subject: Type.Optional(
        Type.String({ maxLength: 254, description: 'Only entries about this person: her e-mail, or person:<id>' }),
      ),
      after: Type.Optional(Type.Integer({ minimum: 0, default: 0, description: 'Only entries after this id' })),
    }),
    what: 'read the audit log',
    doc: {
      summary: "What administrators did to people's data (exports, deletions), oldest first",
      description: `Append-only: there is no route that changes or removes an entry. At most ${MAX_AUDIT_ENTRIES} entries an answer; page with after.`,
      tag: 'Personal data',
      responses: {
        200: {
          description: 'The entries',
          schema: {
            type: 'object',
            properties: {
              entries: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'integer' },
                    at: { type: 'string', format: 'date-time' },
                    actor: { type: 'string' },
                    action: { type: 'string' },
                    subject: { type: ['string', 'null'] },
                    details: { type: 'object' },
                  },
                },
              },
            },
          },
        },
      },
    },
    async handler(req) {
      const q = req.query as { subject?: string; after?: number };
      // An e-mail is looked up as the person it names; 'person:<id>' is taken as it is.
      const given = q.subject ? (q.subject.startsWith('person:') ? q.subject : storedEmail(q.subject)) : null;
      const subject = given === null || given.startsWith('person:') ? given : await knownPersonSubject(ctx.db, given);
      if (given !== null && subject === null) return { entries: [] };
      return { entries: await readAudit(ctx.db, subject, q.after ?? 0) };
    },
  });
}
