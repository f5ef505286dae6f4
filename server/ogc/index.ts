/**
 * OGC API - Features at /ogc (issue #21): Part 1 Core with GeoJSON and OpenAPI 3.0, and Part 2
 * (CRS by Reference) for CRS84, EPSG:3794 (D96/TM) and EPSG:3857. Two collections of project 35:
 * `sightings` (table 48, points) and `species` (table 53, no geometry). An optional bearer token
 * of the app makes the caller the viewer of the API's rules (items.ts); errors are JSON
 * `{code, description}` (400 for a bad parameter, 404 for an unknown collection or feature).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/index.ts';
import type { Authenticate } from '../auth/types.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { sendJsonPieces } from '../api/http/jsonStream.ts';
import { memoAuthenticate, isAdmin } from '../api/access/admin.ts';
import { viewerOf } from '../api/access/recordAccess.ts';
import { findProject, loadTable, type TableMeta } from '../api/meta/tableMeta.ts';
import { mercatorToLonLat } from '../geo/projection.ts';
import { PROJECT_ID } from '../seed/model.ts';
import type { Viewer } from '../../domain/review.ts';
import { CRS84, STORAGE_CRS, SUPPORTED_CRS, contentCrs } from './crs.ts';
import { collectionExtent, ID_CEILING, itemsSql, temporalColumn } from './items.ts';
import { checkParams, parseFeatureQuery, parseItemsQuery } from './params.ts';
import { OPENAPI_TYPE, ogcOpenApi } from './openapi.ts';
import { COLLECTIONS, collectionOf, type OgcCollection } from './collections.ts';
import { ogcErrorHandler } from './errors.ts';
import { GEOJSON, JSON_TYPE, featureType, origin, withQuery, type Link } from './links.ts';

export const CONFORMANCE = [
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/core',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/geojson',
  'http://www.opengis.net/spec/ogcapi-features-1/1.0/conf/oas30',
  'http://www.opengis.net/spec/ogcapi-features-2/1.0/conf/crs',
];

/** The temporal reference system of `extent.temporal`. */
const GREGORIAN = 'http://www.opengis.net/def/uom/ISO-8601/0/Gregorian';
/** Slovenia in CRS84, the spatial extent of a collection without visible features. */
const SLOVENIA_CRS84: [number, number, number, number] = [13.37, 45.42, 16.61, 46.88];

/** What /ogc needs. */
export interface OgcDeps {
  db: Db;
  authenticate: Authenticate;
}

export async function registerOgc(app: FastifyInstance, deps: OgcDeps): Promise<void> {
  const { db } = deps;
  const authenticate = memoAuthenticate(deps.authenticate);

  await app.register(async (ogc) => {
    ogc.setErrorHandler(ogcErrorHandler);

    // Project 35 as /api sees it: a draft answers 404 to all but administrators.
    ogc.addHook('preHandler', async (req) => {
      const p = await findProject(db, PROJECT_ID);
      if (!p || (!p.isPublic && !isAdmin(await authenticate(req))))
        throw notFound(`Project ${PROJECT_ID} does not exist`);
    });

    const viewer = async (req: FastifyRequest): Promise<Viewer> => viewerOf(await authenticate(req));

    const landing = async (req: FastifyRequest) => {
      checkParams(req.query as Record<string, unknown>, 'meta');
      const base = `${origin(req)}/ogc`;
      return {
        title: 'Sporoči vrsto - OGC API - Features',
        description:
          'Najdbe redkih vrst v Sloveniji po standardu OGC API - Features (GeoJSON; CRS84, EPSG:3794, EPSG:3857).',
        links: [
          { href: base, rel: 'self', type: JSON_TYPE, title: 'This document' },
          { href: `${base}/api`, rel: 'service-desc', type: OPENAPI_TYPE, title: 'The API definition (OpenAPI 3.0)' },
          { href: `${base}/conformance`, rel: 'conformance', type: JSON_TYPE, title: 'Conformance classes' },
          { href: `${base}/collections`, rel: 'data', type: JSON_TYPE, title: 'Collections' },
        ],
      };
    };
    ogc.get('/ogc', landing);
    ogc.get('/ogc/', landing);

    ogc.get('/ogc/api', async (req, reply) => {
      checkParams(req.query as Record<string, unknown>, 'meta');
      return reply.type(OPENAPI_TYPE).send(
        JSON.stringify(
          ogcOpenApi(
            origin(req),
            COLLECTIONS.map((c) => c.id),
          ),
        ),
      );
    });

    ogc.get('/ogc/conformance', async (req) => {
      checkParams(req.query as Record<string, unknown>, 'meta');
      return { conformsTo: CONFORMANCE };
    });

    const describe = async (req: FastifyRequest, c: OgcCollection) => {
      const meta = await loadTable(db, PROJECT_ID, c.tableId);
      const base = `${origin(req)}/ogc/collections/${c.id}`;
      const spatial = meta.table.geometryType != null;
      const ext = await collectionExtent(db, meta, await viewer(req));
      const bbox = ext.bbox
        ? [...mercatorToLonLat(ext.bbox[0], ext.bbox[1]), ...mercatorToLonLat(ext.bbox[2], ext.bbox[3])]
        : SLOVENIA_CRS84;
      const extent: Record<string, unknown> = {};
      if (spatial) extent.spatial = { bbox: [bbox], crs: CRS84 };
      if (ext.interval) extent.temporal = { interval: [ext.interval], trs: GREGORIAN };
      return {
        id: c.id,
        title: c.title,
        description: c.description,
        itemType: 'feature',
        links: [
          { href: base, rel: 'self', type: JSON_TYPE, title: 'This collection' },
          { href: `${base}/items`, rel: 'items', type: GEOJSON, title: 'Features (GeoJSON)' },
          { href: `${base}/items?f=json`, rel: 'items', type: JSON_TYPE, title: 'Features (JSON)' },
        ] satisfies Link[],
        ...(Object.keys(extent).length ? { extent } : {}),
        ...(spatial ? { crs: [...SUPPORTED_CRS], storageCrs: STORAGE_CRS } : {}),
      };
    };

    ogc.get('/ogc/collections', async (req) => {
      checkParams(req.query as Record<string, unknown>, 'meta');
      const collections = [];
      for (const c of COLLECTIONS) collections.push(await describe(req, c));
      return {
        links: [{ href: `${origin(req)}/ogc/collections`, rel: 'self', type: JSON_TYPE, title: 'Collections' }],
        collections,
        crs: [...SUPPORTED_CRS],
      };
    });

    ogc.get('/ogc/collections/:collectionId', async (req) => {
      const c = collectionOf((req.params as { collectionId: string }).collectionId);
      checkParams(req.query as Record<string, unknown>, 'meta');
      return describe(req, c);
    });

    ogc.get('/ogc/collections/:collectionId/items', async (req, reply) => {
      const c = collectionOf((req.params as { collectionId: string }).collectionId);
      const q = parseItemsQuery(req.query as Record<string, unknown>);
      const meta = await loadTable(db, PROJECT_ID, c.tableId);
      const spatial = meta.table.geometryType != null;
      if (q.bbox && !spatial) throw badRequest(`Collection ${c.id} has no geometry: bbox is not supported`);
      if (q.datetime && !temporalColumn(meta))
        throw badRequest(`Collection ${c.id} has no temporal property: datetime is not supported`);
      const s = itemsSql(
        db,
        meta,
        { viewer: await viewer(req), bbox: q.bbox, bboxCrs: q.bboxCrs, datetime: q.datetime },
        q.crs,
      );
      const matched = await s.count();
      let after = q.after ?? 0;
      const before = q.before ?? ID_CEILING;
      if (q.before !== null) {
        const start = await s.startBelow(q.before, q.limit);
        after = start === null ? q.before : start - 1;
      }
      const type = featureType(req);
      if (spatial) void reply.header('content-crs', contentCrs(q.crs));
      async function* body(): AsyncGenerator<string> {
        yield `{"type":"FeatureCollection","timeStamp":"${new Date().toISOString().replace(/\.\d{3}Z$/, 'Z')}","numberMatched":${matched},"features":[`;
        const page = { first: 0, last: 0, n: 0 };
        let firstChunk = true;
        for await (const chunk of s.chunks(after, before, q.limit, (first, last, n) =>
          Object.assign(page, { first, last, n }),
        )) {
          yield firstChunk ? chunk : `,${chunk}`;
          firstChunk = false;
        }
        const links: Link[] = [
          { href: withQuery(req, {}), rel: 'self', type, title: 'This page' },
          {
            href: withQuery(req, {
              f: null,
              after: null,
              before: null,
              limit: null,
              bbox: null,
              'bbox-crs': null,
              datetime: null,
              crs: null,
            }).replace(/\/items$/, ''),
            rel: 'collection',
            type: JSON_TYPE,
            title: 'The collection',
          },
        ];
        if (page.n > 0 && (await s.exists('above', page.last)))
          links.push({
            href: withQuery(req, { after: String(page.last), before: null }),
            rel: 'next',
            type,
            title: 'Next page',
          });
        const prevFrom = page.n > 0 ? page.first : q.after !== null ? q.after + 1 : null;
        if (prevFrom !== null && (await s.exists('below', prevFrom)))
          links.push({
            href: withQuery(req, { before: String(prevFrom), after: null }),
            rel: 'prev',
            type,
            title: 'Previous page',
          });
        yield `],"numberReturned":${page.n},"links":${JSON.stringify(links)}}`;
      }
      return sendJsonPieces(req, reply, body(), undefined, type);
    });

    ogc.get('/ogc/collections/:collectionId/items/:featureId', async (req, reply) => {
      const { collectionId, featureId } = req.params as { collectionId: string; featureId: string };
      const c = collectionOf(collectionId);
      const q = parseFeatureQuery(req.query as Record<string, unknown>);
      if (!/^\d{1,15}$/.test(featureId))
        throw notFound(`Feature ${JSON.stringify(featureId)} does not exist in ${c.id}`);
      const meta: TableMeta = await loadTable(db, PROJECT_ID, c.tableId);
      const s = itemsSql(
        db,
        meta,
        { viewer: await viewer(req), bbox: null, bboxCrs: CRS84, datetime: null, id: Number(featureId) },
        q.crs,
      );
      let text = '';
      for await (const chunk of s.chunks(0, ID_CEILING, 1, () => undefined)) text += chunk;
      // Missing and hidden alike: 404.
      if (!text) throw notFound(`Feature ${featureId} does not exist in ${c.id}`);
      const type = featureType(req);
      const base = `${origin(req)}/ogc/collections/${c.id}`;
      const links: Link[] = [
        { href: withQuery(req, {}), rel: 'self', type, title: 'This feature' },
        { href: base, rel: 'collection', type: JSON_TYPE, title: 'The collection' },
      ];
      if (meta.table.geometryType != null) void reply.header('content-crs', contentCrs(q.crs));
      return reply.type(type).send(`${text.slice(0, -1)},"links":${JSON.stringify(links)}}`);
    });

    // Anything else under /ogc: an OGC-style 404 (the app's static files would answer otherwise).
    ogc.get('/ogc/*', async (req) => {
      throw notFound(`No resource ${req.url.split('?')[0]}`);
    });
  });
}
