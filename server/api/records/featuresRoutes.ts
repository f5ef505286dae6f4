/** /api/Features/*: the record calls as GeoJSON Features; the routes are built in routeTable.ts, the work is in handlers.ts. */
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../http/context.ts';
import { familyRoutes, type RecordFamily } from './routeTable.ts';
import { FEATURE_ANSWERS as F, detailedAnswer } from './shapes.ts';

/** The Features family: GeoJSON answers, the table of a create in the URL. */
const FEATURES: RecordFamily = {
  prefix: '/api/Features',
  tag: 'Features',
  shape: F,
  schemas: {
    one: 'Feature',
    page: 'FeaturePage',
    create: 'FeatureCreate',
    created: 'DetailedFeature',
    bulkResult: 'FeatureBulkResult',
  },
  notFound: 'Unknown or not visible',
};

/** Registers the Features routes: extent, search, read (plain and detailed), create (JSON and with photos), update, delete, bulk. */
export function registerFeatureRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const routes = familyRoutes(ctx, FEATURES);
  routes.define(app, [
    routes.extent({
      summary: 'Features of tables intersecting an extent (JAVNO false only for their creator)',
      columnIds: 'Optional: only these columns in properties',
      ok: { description: '{features: {"48": Feature[]}}', shape: 'ExtentTables' },
      badRequest: 'Bad extent or table list',
    }),
    routes.search('Search features with a RecordQuery (filters, sorts, pages)'),
    routes.fullCreate('The Feature as JSON (FeatureCreate)'),
    routes.read(
      { answer: F.one, adminSeesAll: false },
      {
        summary: 'One feature',
        ok: { description: 'The feature (ETag: its version)', shape: 'Feature' },
        notFound: 'Unknown or not visible to the caller',
      },
    ),
    routes.read(
      { suffix: '/detailed', answer: detailedAnswer, adminSeesAll: false },
      {
        summary: 'One feature with its attachments, creator e-mail (for the creator only) and timestamps',
        ok: { description: 'The feature (ETag and version: its version)', shape: 'DetailedFeature' },
      },
    ),
    routes.create(),
    routes.update('featureId', {
      ok: 'The updated feature (ETag: its new version)',
      badRequest: 'Invalid body or If-Match',
      forbidden: 'Not the creator, or already reviewed',
    }),
    routes.delete(),
    routes.bulk(),
  ]);
}
