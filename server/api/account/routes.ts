import type { FastifyInstance } from 'fastify';
import { ERASURE_FINDS, type ErasureFinds } from '../../../domain/erasure.ts';
import { normaliseEmail } from '../../idp/accounts.ts';
import { notFound } from '../../http/errors.ts';
import { USER_ERRORS, emailOf, requireUser } from '../access/recordAccess.ts';
import { defineAdminRoute } from '../access/admin.ts';
import type { ApiContext } from '../http/context.ts';
import { writeAudit } from '../access/auditLog.ts';
import { eraseAccount, type ErasureResult } from './erase.ts';
import { Type } from '../../../domain/shapes/build.ts';

/**
 * 'Izbriši račun' (docs/account-deletion.md): a user deletes her own account, or an administrator
 * deletes the account of a user who asked by e-mail (audited). Both in one transaction.
 */

/** The query both routes take: which finds go besides the waiting ones (domain/erasure.ts). */
const FINDS_QUERY = Type.Object(
  {
    finds: Type.Optional(
      Type.Enum([...ERASURE_FINDS], {
        default: 'keep',
        description: 'keep: confirmed finds stay, anonymised (default); all: every find of hers is deleted',
      }),
    ),
  },
  { additionalProperties: false },
);

const RESULT_SCHEMA = {
  type: 'object',
  required: ['deleted', 'kept'],
  properties: {
    deleted: { type: 'integer', description: 'Her finds deleted' },
    kept: { type: 'integer', description: 'Her confirmed finds kept, anonymised' },
  },
};

/** The answer: counts only (the person id is for the audit). */
const answer = (r: ErasureResult): { deleted: number; kept: number } => ({ deleted: r.deleted, kept: r.kept });

export function registerAccountRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const { db, authenticate, docs } = ctx;

  docs.define(app, {
    method: 'DELETE',
    url: '/api/Account',
    querystring: FINDS_QUERY,
    doc: {
      summary: "Deletes the caller's account: waiting finds deleted, confirmed ones kept anonymised (or all deleted)",
      description:
        'Her e-mail, name and comments leave every kept find; the history keeps its entries and names her ' +
        "'izbrisan uporabnik'; her sessions and tokens end at once (401 from now on).",
      tag: 'Account',
      auth: 'required',
      responses: { 200: { description: 'Deleted', schema: RESULT_SCHEMA }, ...USER_ERRORS },
    },
    async handler(req) {
      const user = await requireUser(authenticate, req);
      const finds = (req.query as { finds?: ErasureFinds }).finds ?? 'keep';
      const result = await db.transaction(async (tx) => {
        const r = await eraseAccount(tx, user.email, user.sub, finds);
        await writeAudit(tx, {
          actor: null,
          action: 'account.delete.self',
          subject: r.personId === null ? null : `person:${r.personId}`,
          details: { finds, deleted: r.deleted, kept: r.kept },
        });
        return r;
      });
      return answer(result);
    },
  });

  defineAdminRoute(app, ctx, {
    method: 'DELETE',
    url: '/api/admin/users/:email',
    params: Type.Object({ email: Type.String({ minLength: 3 }) }),
    querystring: FINDS_QUERY,
    what: 'delete accounts',
    doc: {
      summary: 'Deletes the account of a user who asked for it by e-mail, as DELETE /api/Account does (audited)',
      tag: 'Account',
      responses: {
        200: { description: 'Deleted', schema: RESULT_SCHEMA },
        404: 'No account, find or history entry has this e-mail',
      },
    },
    async handler(req, _reply, admin) {
      const email = normaliseEmail((req.params as { email: string }).email);
      const finds = (req.query as { finds?: ErasureFinds }).finds ?? 'keep';
      const result = await db.transaction(async (tx) => {
        const known = await tx.query<{ n: number }>(
          `select ((select count(*) from idp_accounts where email = $1) + (select count(*) from people where email = $1)
                   + (select count(*) from records where created_by_email = $1))::int as n`,
          [email],
        );
        if (!known[0]?.n) throw notFound('No account, find or history entry has this e-mail');
        const r = await eraseAccount(tx, email, null, finds);
        await writeAudit(tx, {
          actor: emailOf(admin),
          action: 'account.delete',
          subject: r.personId === null ? null : `person:${r.personId}`,
          details: { finds, deleted: r.deleted, kept: r.kept },
        });
        return r;
      });
      return answer(result);
    },
  });
}
