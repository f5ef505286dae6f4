import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type OidcProvider from 'oidc-provider';
import type { Db } from '../db/index.ts';
import { checkCredentials, type Account } from './accounts.ts';
import { IDP_MOUNT } from './provider.ts';
import { PAGE_HEADERS, errorPage, loginPage } from './pages.ts';
import { SemaphoreFull } from '../limits/semaphore.ts';
import { BUSY_TEXT, tooManyAttemptsText, type SignInGuard } from './signInLimits.ts';

/** What the interaction routes need. */
export interface InteractionDeps {
  provider: OidcProvider;
  db: Db;
  /** The origin users see (for the "back to the app" links). */
  publicUrl: string;
  /** The Content-Security-Policy of the pages. */
  csp: string;
  /** Failed sign-ins per account and address, and the bound on password checks. */
  guard: SignInGuard;
}

/** Seconds a browser is asked to wait when every password check of the process is busy. */
const BUSY_RETRY_AFTER_S = 2;

type Interaction = Awaited<ReturnType<OidcProvider['interactionDetails']>>;

/** Largest login form accepted (an e-mail and a password). */
const MAX_FORM_BYTES = 8 * 1024;

function sendPage(reply: FastifyReply, status: number, html: string, csp: string): FastifyReply {
  return reply
    .status(status)
    .headers({ ...PAGE_HEADERS, 'content-security-policy': csp })
    .type('text/html; charset=utf-8')
    .send(html);
}

/** Reads an application/x-www-form-urlencoded body (left unparsed for the provider by bodyParsers.ts). */
async function readForm(req: FastifyRequest): Promise<URLSearchParams | null> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '')) return null;
  // The pass-through parser hands over the request stream itself.
  const body = req.body as unknown;
  const stream: AsyncIterable<unknown> =
    body && typeof body === 'object' && Symbol.asyncIterator in body ? (body as AsyncIterable<unknown>) : req.raw;
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > MAX_FORM_BYTES) return null;
    chunks.push(buf);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * Consent is automatic (the app is the provider's only client and first-party): a grant with
 * exactly what the consent prompt found missing — OIDC scopes, OIDC claims, resource scopes.
 */
async function grantConsent(provider: OidcProvider, interaction: Interaction): Promise<{ grantId: string }> {
  const {
    prompt: { details },
    params,
    session,
    grantId,
  } = interaction;
  const accountId = session?.accountId;
  const clientId = typeof params.client_id === 'string' ? params.client_id : undefined;
  if (!accountId || !clientId)
    throw Object.assign(new Error('consent without a signed-in session'), { statusCode: 400 });
  const grant =
    (grantId ? await provider.Grant.find(grantId) : undefined) ?? new provider.Grant({ accountId, clientId });
  const scope = strings(details.missingOIDCScope);
  if (scope.length) grant.addOIDCScope(scope.join(' '));
  const claims = strings(details.missingOIDCClaims);
  if (claims.length) grant.addOIDCClaims(claims);
  const resourceScopes = details.missingResourceScopes;
  if (resourceScopes && typeof resourceScopes === 'object') {
    for (const [indicator, scopes] of Object.entries(resourceScopes))
      grant.addResourceScope(indicator, strings(scopes).join(' '));
  }
  return { grantId: await grant.save() };
}

/**
 * The login and consent steps of oidc-provider's interactions, at /idp/interaction/:uid:
 * GET shows the login page (or grants consent and continues), POST …/login checks the password.
 */
export function registerInteractions(app: FastifyInstance, deps: InteractionDeps): void {
  const { provider, db, csp, guard } = deps;
  const appUrl = `${deps.publicUrl}/`;

  const fail = (req: FastifyRequest, reply: FastifyReply, err: unknown): FastifyReply => {
    const e = err as { name?: string; statusCode?: number; message?: string };
    if (e.name === 'SessionNotFound') {
      return sendPage(
        reply,
        400,
        errorPage(
          appUrl,
          'Prijava je potekla ali je bila že zaključena. Vrnite se v aplikacijo in se prijavite znova.',
        ),
        csp,
      );
    }
    const status = typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500 ? e.statusCode : 500;
    if (status === 500) req.log.error({ err }, 'interaction failed');
    return sendPage(
      reply,
      status,
      errorPage(
        appUrl,
        'Prijave ni bilo mogoče dokončati. Vrnite se v aplikacijo in poskusite znova.',
        status === 500 ? undefined : e.message,
      ),
      csp,
    );
  };

  /** The interaction of this browser, checked against the uid in the URL. */
  const load = async (req: FastifyRequest<{ Params: { uid: string } }>, reply: FastifyReply): Promise<Interaction> => {
    const interaction = await provider.interactionDetails(req.raw, reply.raw);
    if (interaction.uid !== req.params.uid)
      throw Object.assign(new Error('interaction mismatch'), { name: 'SessionNotFound' });
    return interaction;
  };

  app.get<{ Params: { uid: string } }>(`${IDP_MOUNT}/interaction/:uid`, async (req, reply) => {
    try {
      const interaction = await load(req, reply);
      if (interaction.prompt.name === 'login') {
        const hint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : '';
        return sendPage(
          reply,
          200,
          loginPage({ action: `${IDP_MOUNT}/interaction/${interaction.uid}/login`, email: hint, failed: false }),
          csp,
        );
      }
      if (interaction.prompt.name === 'consent') {
        const consent = await grantConsent(provider, interaction);
        const returnTo = await provider.interactionResult(
          req.raw,
          reply.raw,
          { consent },
          { mergeWithLastSubmission: true },
        );
        return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
      }
      throw Object.assign(new Error(`unsupported prompt ${interaction.prompt.name}`), { statusCode: 400 });
    } catch (err) {
      return fail(req, reply, err);
    }
  });

  app.post<{ Params: { uid: string } }>(`${IDP_MOUNT}/interaction/:uid/login`, async (req, reply) => {
    try {
      const interaction = await load(req, reply);
      if (interaction.prompt.name !== 'login')
        throw Object.assign(new Error('no login is pending'), { statusCode: 400 });
      const form = await readForm(req);
      if (!form) throw Object.assign(new Error('the login form is missing or too large'), { statusCode: 400 });
      const email = (form.get('email') ?? '').trim();
      const password = form.get('password') ?? '';
      const action = `${IDP_MOUNT}/interaction/${interaction.uid}/login`;
      const refuse = (status: number, retryAfterS: number, refusal: string): FastifyReply =>
        sendPage(
          reply.header('retry-after', String(retryAfterS)),
          status,
          loginPage({ action, email, failed: false, refusal }),
          csp,
        );
      let account: Account | null = null;
      if (email && password) {
        // Counted before the password is hashed: a refused attempt costs no scrypt.
        const attempt = await guard.attempt(email, req.ip);
        if (!attempt.allowed) return refuse(429, attempt.retryAfterS, tooManyAttemptsText(attempt.retryAfterS));
        try {
          account = await checkCredentials(db, email, password, guard.gate);
        } catch (e) {
          if (!(e instanceof SemaphoreFull)) throw e;
          await attempt.takeBack(); // never checked, so not a failure
          return refuse(503, BUSY_RETRY_AFTER_S, BUSY_TEXT);
        }
        if (account) await attempt.takeBack();
      }
      if (!account) {
        return sendPage(reply, 200, loginPage({ action, email, failed: true }), csp);
      }
      const returnTo = await provider.interactionResult(
        req.raw,
        reply.raw,
        { login: { accountId: account.email } },
        { mergeWithLastSubmission: false },
      );
      return reply.header('cache-control', 'no-store').redirect(returnTo, 303);
    } catch (err) {
      return fail(req, reply, err);
    }
  });
}
