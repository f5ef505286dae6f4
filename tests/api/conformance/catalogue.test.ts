import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { registeredApi } from '../helpers/registeredApi.ts';
import { SPEC_ROUTES } from './routes.ts';

const registered = registeredApi;

describe('the conformance catalogue', () => {
  it('lists exactly the routes the server registers under /api', async () => {
    const { routes } = await registered();
    expect([...routes].sort()).toEqual([...SPEC_ROUTES].sort());
  });

  it('every registered route is in the OpenAPI document with a summary, responses and its path parameters', async () => {
    const { routes, doc } = await registered();
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const op = doc.paths[path]?.[method.toLowerCase()] as
        | { summary?: string; responses?: Record<string, unknown>; parameters?: { name: string; in: string }[] }
        | undefined;
      expect(op, route).toBeDefined();
      expect(op?.summary, route).not.toBe('Undocumented route');
      expect(Object.keys(op?.responses ?? {}).length, route).toBeGreaterThan(1);
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(
        (op?.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        route,
      ).toEqual(names);
    }
  });

  it('has a conformance test (a describe named after the route) for every route', () => {
    const dir = dirname(fileURLToPath(import.meta.url));
    const sources = readdirSync(dir)
      .filter((f) => f.endsWith('.test.ts') && f !== 'catalogue.test.ts')
      .map((f) => readFileSync(join(dir, f), 'utf8'))
      .join('\n');
    const missing = SPEC_ROUTES.filter((r) => !sources.includes(`describe('${r}'`));
    expect(missing).toEqual([]);
  });
});
