import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registeredApi } from './helpers/registeredApi.ts';
import { startServer, type TestServer } from './helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { responses: Record<string, unknown>; summary?: string }>>;
};

/** Every /api route Fastify registers, as "METHOD /api/{param}/...". */
const registeredRoutes = async (): Promise<string[]> => (await registeredApi()).routes;

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document listing every registered /api route, each with a summary and responses', async () => {
    const r = await fetch(`${server.url}/api/openapi.json`);
    expect(r.status).toBe(200);
    const doc = (await r.json()) as Doc;
    expect(doc.openapi).toBe('3.1.0');
    const routes = await registeredRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(18);
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const op = doc.paths[path]?.[method.toLowerCase()];
      expect(op, route).toBeDefined();
      expect(op?.summary, route).toBeTruthy();
      expect(op?.summary, route).not.toBe('Undocumented route');
      expect(Object.keys(op?.responses ?? {}).length, route).toBeGreaterThan(1);
    }
  });

  it('documents the platform routes the app calls', async () => {
    const doc = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as Doc;
    const expected = [
      'get /api/Test',
      'get /api/Features/{projectId}/{tableId}/{recordId}',
      'get /api/Features/{projectId}/{tableId}/{recordId}/detailed',
      'post /api/Features/{projectId}/{tableId}',
      'put /api/Features/{projectId}/{tableId}/{featureId}',
      'post /api/Features/{projectId}/delete',
      'get /api/Features/{projectId}/extenttables',
      'post /api/Features/{projectId}/{tableId}/full',
      'post /api/Features/{projectId}/search',
      'post /api/Records/{projectId}/search',
      'post /api/Records/{projectId}/attachment',
      'get /api/Records/{projectId}/attachment/{recordAttachmentId}',
      'delete /api/Records/{projectId}/attachment/{recordAttachmentId}',
      'get /api/Records/{projectId}/record/{recordId}/attachmentinfo/{tableAttachmentInfoId}',
      'get /api/BaseProfiles/{projectId}/{profileId}',
      'get /api/BaseProfiles/{projectId}/project',
      'get /api/Projects/{projectId}',
      'get /api/Columns/{projectId}/select/{columnId}/values',
      'get /api/Columns/{projectId}/distinct/{columnId}/values',
    ];
    for (const e of expected) {
      const [m, p] = e.split(' ') as [string, string];
      expect(doc.paths[p]?.[m], e).toBeDefined();
    }
    const refs = JSON.stringify(doc).match(/#\/components\/schemas\/(\w+)/g) ?? [];
    const schemas = (doc as unknown as { components: { schemas: Record<string, unknown> } }).components.schemas;
    for (const ref of new Set(refs)) expect(schemas[ref.split('/').pop() as string], ref).toBeDefined();
  });
});
