import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { raw, suiteForFile, type Suite } from './harness.ts';

/**
 * The personal data routes' contract (docs/privacy.md): who may call them and what kind of answer
 * each gives. What an archive holds is in tests/api/personalExport.test.ts.
 */
let s: Suite;

suiteForFile((started) => {
  s = started;
});

/** GET `path` as `token`: status, content type and the body's bytes. */
async function download(path: string, token: string | null) {
  const res = await fetch(`${s.server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    bytes: new Uint8Array(await res.arrayBuffer()),
  };
}

describe('GET /api/me/export', () => {
  it('refuses anonymous (401); gives the caller one ZIP with a README (200)', async () => {
    expect((await download('/api/me/export', null)).status).toBe(401);
    const r = await download('/api/me/export', s.tokens.bor);
    expect(r.status).toBe(200);
    expect(r.type).toMatch(/^application\/zip/);
    expect(Object.keys(unzipSync(r.bytes))).toContain('README.txt');
  });
});

describe('GET /api/admin/users/{email}/export', () => {
  it('refuses anonymous (401), a user (403) and an unknown e-mail (404); gives an administrator the ZIP (200)', async () => {
    expect((await download('/api/admin/users/bor@example.si/export', null)).status).toBe(401);
    expect((await download('/api/admin/users/bor@example.si/export', s.tokens.ana)).status).toBe(403);
    expect((await download('/api/admin/users/nikogar@example.si/export', s.tokens.admin)).status).toBe(404);
    const r = await download('/api/admin/users/bor@example.si/export', s.tokens.admin);
    expect(r.status).toBe(200);
    expect(Object.keys(unzipSync(r.bytes))).toContain('racun.json');
  });
});

describe('GET /api/admin/audit', () => {
  it('refuses anonymous (401) and a user (403); lists entries about a person, named by pseudonym (200)', async () => {
    expect((await raw(s, 'GET', '/api/admin/audit')).status).toBe(401);
    expect((await raw(s, 'GET', '/api/admin/audit', { token: s.tokens.ana })).status).toBe(403);
    await download('/api/admin/users/bor@example.si/export', s.tokens.admin);
    const r = await raw(s, 'GET', '/api/admin/audit?subject=bor@example.si', { token: s.tokens.admin });
    expect(r.status).toBe(200);
    const entries = (r.body as { entries: { action: string; subject: string }[] }).entries;
    expect(entries.at(-1)).toMatchObject({
      action: 'export-user-data',
      subject: expect.stringMatching(/^person:\d+$/),
    });
    expect(JSON.stringify(entries)).not.toContain('bor@example.si');
  });
});
