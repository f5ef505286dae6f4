import { describe, expect, it } from 'vitest';
import { InMemoryWebStorage } from 'oidc-client-ts';
import { discoveryUrl, readAuthorizeTarget, shouldSendToProvider } from '../../../../src/auth/firstVisit.ts';
import { AUTH_FAILURE_KEY } from '../../../../src/auth/authFailure.ts';

const page = (search = '', local: Record<string, string> = {}, session: Record<string, string> = {}, onLine = true) => {
  const l = new InMemoryWebStorage();
  const s = new InMemoryWebStorage();
  for (const [k, v] of Object.entries(local)) l.setItem(k, v);
  for (const [k, v] of Object.entries(session)) s.setItem(k, v);
  return { search, local: l, session: s, onLine };
};

describe('the first visit goes straight to the provider', () => {
  it('only for a visitor with no stored user, online, not on the way back, with no failure in this tab', () => {
    expect(shouldSendToProvider(page())).toBe(true);
    expect(shouldSendToProvider(page('', { 'sv.version': '1.1.2' }))).toBe(true);
    // Everything else is the app's (src/auth/signIn.ts).
    expect(shouldSendToProvider(page('', { 'oidc.user:http://x/idp:sporoci-vrsto': '{}' }))).toBe(false);
    expect(shouldSendToProvider(page('?code=a&state=b'))).toBe(false);
    expect(shouldSendToProvider(page('?error=access_denied&state=b'))).toBe(false);
    expect(shouldSendToProvider(page('?state=b'))).toBe(false);
    expect(shouldSendToProvider(page('', {}, { [AUTH_FAILURE_KEY]: '{}' }))).toBe(false);
    expect(shouldSendToProvider(page('', {}, {}, false))).toBe(false);
  });

  it('leaves blocked storage to the app', () => {
    const blocked = page();
    blocked.session.getItem = () => {
      throw new Error('SecurityError');
    };
    expect(shouldSendToProvider(blocked)).toBe(false);
  });

  it('finds the discovery document as oidc-client-ts does', () => {
    expect(discoveryUrl('http://localhost:8080/idp')).toBe(
      'http://localhost:8080/idp/.well-known/openid-configuration',
    );
    expect(discoveryUrl('https://sso.example.si/realms/narava/')).toBe(
      'https://sso.example.si/realms/narava/.well-known/openid-configuration',
    );
  });

  it('reads the provider from /identity.json and its discovery document, or leaves it to the app', async () => {
    const answers: Record<string, unknown> = {
      '/identity.json': { authority: 'http://localhost:8080/idp', client_id: 'sporoci-vrsto', scope: 'openid email' },
      'http://localhost:8080/idp/.well-known/openid-configuration': {
        authorization_endpoint: 'http://localhost:8080/idp/auth',
      },
    };
    const fetcher = (answersNow: Record<string, unknown>) =>
      (async (url: string) =>
        answersNow[url] === undefined
          ? new Response('', { status: 404 })
          : Response.json(answersNow[url])) as unknown as typeof fetch;
    expect(await readAuthorizeTarget(fetcher(answers))).toEqual({
      authority: 'http://localhost:8080/idp',
      client_id: 'sporoci-vrsto',
      scope: 'openid email',
      authorization_endpoint: 'http://localhost:8080/idp/auth',
    });
    // No discovery document, a config without scope, an endpoint that is not http(s): the app decides.
    const noDiscovery = { '/identity.json': answers['/identity.json'] };
    expect(await readAuthorizeTarget(fetcher(noDiscovery))).toBeNull();
    const noScope = { ...answers, '/identity.json': { authority: 'http://localhost:8080/idp', client_id: 'x' } };
    expect(await readAuthorizeTarget(fetcher(noScope))).toBeNull();
    const badEndpoint = {
      ...answers,
      'http://localhost:8080/idp/.well-known/openid-configuration': { authorization_endpoint: 'javascript:alert(1)' },
    };
    expect(await readAuthorizeTarget(fetcher(badEndpoint))).toBeNull();
  });
});
