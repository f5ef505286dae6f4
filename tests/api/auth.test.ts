import { createPublicKey } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  SignJWT,
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  generateKeyPair,
  type JSONWebKeySet,
  type JWK,
  type JWTPayload,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthenticator } from '../../server/auth/verify.ts';
import type { Authenticate } from '../../server/auth/types.ts';
import { HttpError } from '../../server/http/errors.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { signIn, type Tokens } from './helpers/auth.ts';

/** A stand-in request: the verifier reads only the Authorization header. */
const req = (authorization?: string): Parameters<Authenticate>[0] =>
  ({ headers: authorization === undefined ? {} : { authorization } }) as unknown as Parameters<Authenticate>[0];

const b64 = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Expects a 401 HttpError whose reason matches `reason`. */
async function expect401(auth: Authenticate, authorization: string, reason: RegExp): Promise<void> {
  const err: unknown = await auth(req(authorization)).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  expect((err as HttpError).status).toBe(401);
  expect((err as HttpError).message).toMatch(reason);
}

/** A key pair of the test itself (trusted only where a test says so). */
async function testKey(alg: 'RS256' | 'ES256', kid: string): Promise<{ privateKey: CryptoKey; jwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
}

function sign(
  key: CryptoKey,
  header: { alg: string; kid: string; typ?: string },
  claims: JWTPayload,
  expiresIn: string | number = '5m',
): Promise<string> {
  return new SignJWT(claims).setProtectedHeader(header).setIssuedAt().setExpirationTime(expiresIn).sign(key);
}

describe('bearer-token verifier against the embedded provider', () => {
  let server: TestServer;
  let issuer: string;
  let audience: string;
  let jwks: JSONWebKeySet;
  let auth: Authenticate;
  let ana: Tokens;
  beforeAll(async () => {
    server = await startServer();
    issuer = `${server.url}/idp`;
    audience = `${server.url}/api`;
    const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as {
      jwks_uri: string;
    };
    jwks = (await (await fetch(discovery.jwks_uri)).json()) as JSONWebKeySet;
    auth = createAuthenticator({ issuer, audience, localJwks: jwks });
    ana = await signIn(server.url, 'ana@example.si', 'demo1234');
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('accepts a valid access token and reads email and roles', async () => {
    expect(await auth(req(`Bearer ${ana.accessToken}`))).toEqual({
      sub: 'ana@example.si',
      email: 'ana@example.si',
      roles: [],
    });
    const admin = await signIn(server.url, 'admin@example.si', 'demo1234');
    expect(await auth(req(`Bearer ${admin.accessToken}`))).toMatchObject({
      email: 'admin@example.si',
      roles: ['admin'],
    });
  });

  it('returns null without an Authorization header', async () => {
    expect(await auth(req())).toBeNull();
  });

  it('refuses malformed Authorization headers', async () => {
    await expect401(auth, `Basic ${Buffer.from('ana:demo1234').toString('base64')}`, /Bearer/);
    await expect401(auth, 'Bearer', /Bearer/);
    await expect401(auth, 'Bearer not-a-jwt', /malformed|not valid/);
    await expect401(auth, 'Bearer a.b.c', /malformed|not valid/);
  });

  it('refuses an ID token used as an access token', async () => {
    await expect401(auth, `Bearer ${ana.idToken}`, /not an access token/);
  });

  it('refuses a token whose payload was changed (bad signature)', async () => {
    const [h, , s] = ana.accessToken.split('.');
    const forged = `${h}.${b64({ ...decodeJwt(ana.accessToken), email: 'bor@example.si' })}.${s}`;
    await expect401(auth, `Bearer ${forged}`, /signature/);
  });

  it('refuses alg none', async () => {
    const unsigned = `${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(decodeJwt(ana.accessToken))}.`;
    await expect401(auth, `Bearer ${unsigned}`, /not valid|algorithm|malformed/);
  });

  it('refuses HS256 signed with the public key as the secret (key confusion)', async () => {
    const { kid } = decodeProtectedHeader(ana.accessToken);
    const serverKey = jwks.keys.find((k) => k.kid === kid) as JWK;
    const pem = createPublicKey({ key: serverKey as import('node:crypto').JsonWebKey, format: 'jwk' }).export({
      type: 'spki',
      format: 'pem',
    });
    const hs = await new SignJWT(decodeJwt(ana.accessToken))
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid })
      .sign(new TextEncoder().encode(String(pem)));
    await expect401(auth, `Bearer ${hs}`, /algorithm/);
  });

  it('refuses a token of another issuer signed with a key it does not trust', async () => {
    const evil = await testKey('RS256', 'evil');
    const token = await sign(
      evil.privateKey,
      { alg: 'RS256', kid: 'evil', typ: 'at+jwt' },
      { ...decodeJwt(ana.accessToken), iss: 'https://evil.example', exp: undefined },
    );
    await expect401(auth, `Bearer ${token}`, /key this server does not trust/);
  });

  describe('with a second trusted key (claims checked after a good signature)', () => {
    let key: { privateKey: CryptoKey; jwk: JWK };
    let trusting: Authenticate;
    const good = (): JWTPayload => ({
      iss: issuer,
      aud: audience,
      sub: 'ana@example.si',
      email: 'ana@example.si',
      roles: ['admin'],
    });
    beforeAll(async () => {
      key = await testKey('RS256', 'second');
      trusting = createAuthenticator({ issuer, audience, localJwks: { keys: [...jwks.keys, key.jwk] } });
    });
    const at = (claims: JWTPayload, expiresIn?: string | number): Promise<string> =>
      sign(key.privateKey, { alg: 'RS256', kid: 'second', typ: 'at+jwt' }, claims, expiresIn);

    it('accepts a well-formed token', async () => {
      expect(await trusting(req(`Bearer ${await at(good())}`))).toEqual({
        sub: 'ana@example.si',
        email: 'ana@example.si',
        roles: ['admin'],
      });
    });
    it('refuses an expired token', async () => {
      await expect401(trusting, `Bearer ${await at(good(), Math.floor(Date.now() / 1000) - 120)}`, /expired/);
    });
    it('refuses another issuer', async () => {
      await expect401(trusting, `Bearer ${await at({ ...good(), iss: 'https://evil.example' })}`, /"iss"/);
    });
    it('refuses another audience', async () => {
      await expect401(trusting, `Bearer ${await at({ ...good(), aud: 'https://other.example/api' })}`, /"aud"/);
    });
    it('refuses a token without e-mail', async () => {
      await expect401(trusting, `Bearer ${await at({ ...good(), email: undefined })}`, /e-mail/);
    });
    it('refuses a token without typ at+jwt', async () => {
      const plain = await sign(key.privateKey, { alg: 'RS256', kid: 'second', typ: 'JWT' }, good());
      await expect401(trusting, `Bearer ${plain}`, /not an access token/);
    });
  });
});

describe('bearer-token verifier against another provider (discovery + remote JWKS)', () => {
  let http: Server;
  let issuer: string;
  let rsa: { privateKey: CryptoKey; jwk: JWK };
  let ec: { privateKey: CryptoKey; jwk: JWK };
  /** What the provider's userinfo answers per access token (absent: 401). */
  const userinfo = new Map<string, Record<string, unknown>>();
  let userinfoCalls = 0;
  beforeAll(async () => {
    rsa = await testKey('RS256', 'kc-rsa');
    ec = await testKey('ES256', 'kc-ec');
    http = createServer((rq, rs) => {
      if (rq.url === '/realms/sv/protocol/openid-connect/userinfo') {
        userinfoCalls++;
        const token = (rq.headers.authorization ?? '').replace(/^Bearer /, '');
        const answer = userinfo.get(token);
        rs.writeHead(answer ? 200 : 401, { 'content-type': 'application/json' }).end(
          JSON.stringify(answer ?? { error: 'invalid_token' }),
        );
        return;
      }
      const body =
        rq.url === '/realms/sv/.well-known/openid-configuration'
          ? {
              issuer,
              jwks_uri: `${issuer}/protocol/openid-connect/certs`,
              userinfo_endpoint: `${issuer}/protocol/openid-connect/userinfo`,
            }
          : rq.url === '/realms/sv/protocol/openid-connect/certs'
            ? { keys: [rsa.jwk, ec.jwk] }
            : null;
      rs.writeHead(body ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(body ?? {}));
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}/realms/sv`;
  });
  afterAll(async () => {
    await new Promise((resolve) => http.close(resolve));
  });

  // A Keycloak access token: typ JWT, aud 'account', roles in realm_access.
  const keycloakClaims = (): JWTPayload => ({
    iss: issuer,
    aud: 'account',
    sub: 'f3c1',
    typ: 'Bearer',
    azp: 'sporoci-vrsto',
    email: 'ana@example.si',
    realm_access: { roles: ['admin', 'offline_access'] },
  });

  it('accepts its RS256 and ES256 access tokens as they come, with realm roles', async () => {
    const auth = createAuthenticator({ issuer, audience: null, localJwks: null });
    const rs = await sign(rsa.privateKey, { alg: 'RS256', kid: 'kc-rsa', typ: 'JWT' }, keycloakClaims());
    expect(await auth(req(`Bearer ${rs}`))).toEqual({
      sub: 'f3c1',
      email: 'ana@example.si',
      roles: ['admin', 'offline_access'],
    });
    const es = await sign(ec.privateKey, { alg: 'ES256', kid: 'kc-ec' }, keycloakClaims());
    expect(await auth(req(`Bearer ${es}`))).toMatchObject({ email: 'ana@example.si' });
  });

  it('refuses its ID tokens, other issuers and an unreachable discovery', async () => {
    const auth = createAuthenticator({ issuer, audience: null, localJwks: null });
    const id = await sign(
      rsa.privateKey,
      { alg: 'RS256', kid: 'kc-rsa', typ: 'JWT' },
      { ...keycloakClaims(), typ: 'ID', aud: 'sporoci-vrsto' },
    );
    await expect401(auth, `Bearer ${id}`, /ID token/);
    const other = await sign(
      rsa.privateKey,
      { alg: 'RS256', kid: 'kc-rsa', typ: 'JWT' },
      { ...keycloakClaims(), iss: 'https://other.example' },
    );
    await expect401(auth, `Bearer ${other}`, /"iss"/);
    const withAudience = createAuthenticator({ issuer, audience: 'sporoci-api', localJwks: null });
    await expect401(
      withAudience,
      `Bearer ${await sign(rsa.privateKey, { alg: 'RS256', kid: 'kc-rsa' }, keycloakClaims())}`,
      /"aud"/,
    );
    const nowhere = createAuthenticator({ issuer: 'http://127.0.0.1:9/realms/none', audience: null, localJwks: null });
    const err = await nowhere(
      req(`Bearer ${await sign(rsa.privateKey, { alg: 'RS256', kid: 'kc-rsa' }, keycloakClaims())}`),
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 503 });
  });

  it('checks azp against the client id when no audience is configured', async () => {
    const auth = createAuthenticator({ issuer, audience: null, clientId: 'sporoci-vrsto', localJwks: null });
    const ours = await sign(rsa.privateKey, { alg: 'RS256', kid: 'kc-rsa', typ: 'JWT' }, keycloakClaims());
    expect(await auth(req(`Bearer ${ours}`))).toMatchObject({ email: 'ana@example.si' });
    const theirs = await sign(
      rsa.privateKey,
      { alg: 'RS256', kid: 'kc-rsa', typ: 'JWT' },
      { ...keycloakClaims(), azp: 'another-app' },
    );
    await expect401(auth, `Bearer ${theirs}`, /not issued to the client "sporoci-vrsto"/);
    const anyAudience = createAuthenticator({ issuer, audience: false, clientId: 'sporoci-vrsto', localJwks: null });
    expect(await anyAudience(req(`Bearer ${theirs}`))).toMatchObject({ email: 'ana@example.si' });
  });

  it('reads roles from a configured claim given as one string', async () => {
    const auth = createAuthenticator({
      issuer,
      audience: null,
      clientId: 'sporoci-vrsto',
      rolesClaim: 'groups',
      localJwks: null,
    });
    const t = await sign(
      rsa.privateKey,
      { alg: 'RS256', kid: 'kc-rsa', typ: 'JWT' },
      { ...keycloakClaims(), realm_access: undefined, groups: 'admin, reviewer:7' },
    );
    expect((await auth(req(`Bearer ${t}`)))?.roles).toEqual(['admin', 'reviewer:7']);
  });

  it('asks userinfo once per token for an e-mail the access token lacks, and refuses clearly when it has none', async () => {
    const refused: string[] = [];
    const auth = createAuthenticator({
      issuer,
      audience: null,
      clientId: 'sporoci-vrsto',
      localJwks: null,
      onRefused: (r) => refused.push(r),
    });
    const noEmail = (): JWTPayload => ({ ...keycloakClaims(), email: undefined });
    const t1 = await sign(rsa.privateKey, { alg: 'RS256', kid: 'kc-rsa', typ: 'JWT' }, noEmail());
    userinfo.set(t1, { sub: 'f3c1', email: 'ana@example.si' });
    userinfoCalls = 0;
    expect(await auth(req(`Bearer ${t1}`))).toMatchObject({ sub: 'f3c1', email: 'ana@example.si' });
    expect(await auth(req(`Bearer ${t1}`))).toMatchObject({ email: 'ana@example.si' });
    expect(userinfoCalls).toBe(1);

    const wrongSub = await sign(
      rsa.privateKey,
      { alg: 'RS256', kid: 'kc-rsa', typ: 'JWT' },
      { ...noEmail(), jti: 'w' },
    );
    userinfo.set(wrongSub, { sub: 'someone-else', email: 'eve@example.si' });
    await expect401(auth, `Bearer ${wrongSub}`, /not about the token's subject/);
    const none = await sign(rsa.privateKey, { alg: 'RS256', kid: 'kc-rsa', typ: 'JWT' }, { ...noEmail(), jti: 'n' });
    userinfo.set(none, { sub: 'f3c1' });
    await expect401(auth, `Bearer ${none}`, /"email" scope/);
    const unknown = await sign(rsa.privateKey, { alg: 'RS256', kid: 'kc-rsa', typ: 'JWT' }, { ...noEmail(), jti: 'u' });
    await expect401(auth, `Bearer ${unknown}`, /userinfo refused it \(401\)/);
    // The server's log hears each reason once.
    await expect401(auth, `Bearer ${unknown}`, /userinfo refused/);
    expect(refused.filter((r) => r.includes('userinfo refused'))).toHaveLength(1);
    expect(refused).toHaveLength(3);
  });
});
