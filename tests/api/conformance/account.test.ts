import { describe, expect, it } from 'vitest';
import { expectShape, raw, suiteForFile, type Suite } from './harness.ts';

/**
 * The account routes' contract (docs/account-deletion.md): who may call them, their answers'
 * shape, and that a deleted account's token is refused. What a deletion does to the data is in
 * tests/api/accountDeletion.test.ts.
 */
let s: Suite;

suiteForFile((started) => {
  s = started;
});

/** The 200 answer's schema of a route, from the OpenAPI document. */
function okSchema(path: string): Record<string, unknown> {
  const op = s.doc.paths[path]?.delete as {
    responses: Record<string, { content: Record<string, { schema: object }> }>;
  };
  return op.responses['200']!.content['application/json']!.schema as Record<string, unknown>;
}

describe('DELETE /api/Account', () => {
  it('refuses anonymous (401) and an unknown choice (400)', async () => {
    expect((await raw(s, 'DELETE', '/api/Account')).status).toBe(401);
    expect((await raw(s, 'DELETE', '/api/Account?finds=some', { token: s.tokens.bor })).status).toBe(400);
  });
  it("deletes the caller's account (200, the counts); her token is refused from then on", async () => {
    const r = await raw(s, 'DELETE', '/api/Account?finds=keep', { token: s.tokens.bor });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expectShape(s.doc, r.body, okSchema('/api/Account'));
    expect((await raw(s, 'DELETE', '/api/Account', { token: s.tokens.bor })).status).toBe(401);
  });
});

describe('DELETE /api/admin/users/{email}', () => {
  it('refuses anonymous (401), a user (403) and an unknown e-mail (404)', async () => {
    expect((await raw(s, 'DELETE', '/api/admin/users/ana@example.si')).status).toBe(401);
    const user = await raw(s, 'DELETE', '/api/admin/users/ana@example.si', { token: s.tokens.reviewer });
    expect(user.status).toBe(403);
    expect((await raw(s, 'DELETE', '/api/admin/users/nikogar@example.si', { token: s.tokens.admin })).status).toBe(404);
  });
  it("lets an administrator delete a user's account (200, the counts)", async () => {
    const r = await raw(s, 'DELETE', '/api/admin/users/ana@example.si?finds=all', { token: s.tokens.admin });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expectShape(s.doc, r.body, okSchema('/api/admin/users/{email}'));
    expect((r.body as { kept: number }).kept).toBe(0);
    expect((await raw(s, 'DELETE', '/api/Account', { token: s.tokens.ana })).status).toBe(401);
  });
});
