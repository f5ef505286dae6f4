import { describe, expect, it } from 'vitest';
import type { JWTPayload } from 'jose';
import {
  audienceProblem,
  describeAudienceRule,
  emailClaim,
  parseRoles,
  readRoles,
} from '../../../../server/auth/claims.ts';

const CLIENT = 'sporoci-vrsto';

/** Access tokens as the three providers issue them (claims only; signatures are the verifier's business). */
const embedded: JWTPayload = {
  iss: 'http://localhost:8080/idp',
  aud: 'http://localhost:8080/api',
  sub: 'ana@example.si',
  client_id: CLIENT,
  scope: 'openid email',
  email: 'ana@example.si',
  roles: ['admin'],
};
const keycloak: JWTPayload = {
  iss: 'https://sso.example.si/realms/narava',
  aud: ['sporoci-vrsto-api', 'account'],
  sub: 'f3c1a2',
  typ: 'Bearer',
  azp: CLIENT,
  scope: 'openid email profile',
  email: 'ana@example.si',
  realm_access: { roles: ['offline_access', 'reviewer:7'] },
  resource_access: { [CLIENT]: { roles: ['admin'] }, account: { roles: ['manage-account'] } },
};
/**
 * Glewlwyd 2.7 (as the e2e test's instance issues it, header `typ: at+jwt`): the granted scopes
 * as one string in `aud`, the client in `client_id` (no `azp`), `email` only when the plugin is
 * told to add it (here it is not), no roles.
 */
const glewlwyd: JWTPayload = {
  iss: 'http://localhost:4593/api/oidc',
  aud: 'openid email',
  sub: 'HJhoWAOC',
  client_id: CLIENT,
  jti: 'j1',
  type: 'access_token',
  scope: 'openid email',
};

describe('audience rule', () => {
  it('a configured audience must be in aud, a string or an array', () => {
    expect(audienceProblem(embedded, 'http://localhost:8080/api', CLIENT)).toBeNull();
    expect(audienceProblem(keycloak, 'sporoci-vrsto-api', CLIENT)).toBeNull();
    expect(audienceProblem(keycloak, 'other-api', CLIENT)).toMatch(
      /"aud" \(sporoci-vrsto-api, account\) does not contain "other-api"/,
    );
    // Glewlwyd puts scopes in aud: an API audience can never be configured for it.
    expect(audienceProblem(glewlwyd, 'sporoci-vrsto-api', CLIENT)).toMatch(/"aud"/);
    expect(audienceProblem({ ...embedded, aud: undefined }, 'http://localhost:8080/api', CLIENT)).toMatch(/none/);
  });

  it('with no audience the token must be issued to our client: azp, client_id or aud', () => {
    expect(audienceProblem(keycloak, null, CLIENT)).toBeNull();
    expect(audienceProblem(glewlwyd, null, CLIENT)).toBeNull();
    expect(audienceProblem({ sub: 'x', client_id: CLIENT }, null, CLIENT)).toBeNull();
    expect(audienceProblem({ sub: 'x', aud: [CLIENT, 'other'] }, null, CLIENT)).toBeNull();
    expect(audienceProblem({ ...keycloak, azp: 'another-app' }, null, CLIENT)).toMatch(
      /not issued to the client "sporoci-vrsto" \(azp: another-app/,
    );
    expect(audienceProblem({ sub: 'x' }, null, CLIENT)).toMatch(/azp: none, aud: none/);
  });

  it('false checks nothing, and the rule can be told in words', () => {
    expect(audienceProblem({ sub: 'x', aud: 'anything' }, false, CLIENT)).toBeNull();
    expect(describeAudienceRule(false, CLIENT)).toMatch(/no audience check/);
    expect(describeAudienceRule('api', CLIENT)).toBe('"aud" must contain "api"');
    expect(describeAudienceRule(null, CLIENT)).toMatch(/must name the client "sporoci-vrsto"/);
  });
});

describe('roles', () => {
  it('reads an array, a space- or comma-separated string', () => {
    expect(parseRoles(['admin', ' reviewer:7 ', 3])).toEqual(['admin', 'reviewer:7']);
    expect(parseRoles('admin reviewer:7')).toEqual(['admin', 'reviewer:7']);
    expect(parseRoles('admin,reviewer:7, reviewer:8')).toEqual(['admin', 'reviewer:7', 'reviewer:8']);
    expect(parseRoles('')).toEqual([]);
    expect(parseRoles({ roles: ['admin'] })).toEqual([]);
  });

  it("takes the configured claim, Keycloak's realm roles and the client's resource roles", () => {
    expect(readRoles(embedded)).toEqual(['admin']);
    expect(readRoles(keycloak, 'roles', CLIENT)).toEqual(['offline_access', 'reviewer:7', 'admin']);
    // Another client's roles are not ours.
    expect(readRoles(keycloak, 'roles', 'other')).toEqual(['offline_access', 'reviewer:7']);
    expect(readRoles({ ...glewlwyd, groups: 'admin, reviewer' }, 'groups', CLIENT)).toEqual(['admin', 'reviewer']);
    expect(readRoles(glewlwyd, 'roles', CLIENT)).toEqual([]);
  });

  it('a claim name with dots is the claim itself when present, else a path', () => {
    expect(readRoles({ 'https://example.si/roles': ['admin'] }, 'https://example.si/roles')).toEqual(['admin']);
    expect(readRoles({ app: { access: { roles: 'admin reviewer' } } }, 'app.access.roles')).toEqual([
      'admin',
      'reviewer',
    ]);
    expect(readRoles({ app: ['x'] }, 'app.access.roles')).toEqual([]);
  });
});

describe('e-mail claim', () => {
  it('is a trimmed non-empty string or nothing', () => {
    expect(emailClaim(embedded)).toBe('ana@example.si');
    expect(emailClaim({ email: '  bor@example.si ' })).toBe('bor@example.si');
    expect(emailClaim(glewlwyd)).toBeNull();
    expect(emailClaim({ email: '' })).toBeNull();
    expect(emailClaim({ email: ['a@b.si'] })).toBeNull();
  });
});
