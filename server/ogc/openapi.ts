/** The OpenAPI 3.0 description of /ogc (the landing page's service-desc; conformance class oas30). */
import { DEFAULT_LIMIT, MAX_LIMIT } from './params.ts';
import { SUPPORTED_CRS } from './crs.ts';
import { GEOJSON, JSON_TYPE } from './links.ts';

/** Media type of the document. */
export const OPENAPI_TYPE = 'application/vnd.oai.openapi+json;version=3.0';

const json = (description: string, schema: object = { type: 'object' }, types = [JSON_TYPE]) => ({
  description,
  content: Object.fromEntries(types.map((t) => [t, { schema }])),
});
const error = (description: string) => json(description, { $ref: '#/components/schemas/exception' });

export function ogcOpenApi(baseUrl: string, collectionIds: string[]): object {
  const collectionId = {
    name: 'collectionId',
    in: 'path',
    required: true,
    schema: { type: 'string', enum: collectionIds },
  };
  const crs = {
    name: 'crs',
    in: 'query',
    required: false,
    style: 'form',
    explode: false,
    description: 'CRS of the geometries in the answer (OGC API - Features Part 2)',
    schema: { type: 'string', format: 'uri', enum: [...SUPPORTED_CRS], default: SUPPORTED_CRS[0] },
  };
  const f = { name: 'f', in: 'query', required: false, schema: { type: 'string', enum: ['json'] } };
  const features = [GEOJSON, JSON_TYPE];
  return {
    openapi: '3.0.3',
    info: {
      title: 'Sporoči vrsto - OGC API - Features',
      version: '1.0.0',
      description:
        "Sightings of rare species (collection sightings) and the species list (collection species). Without a bearer token only public, confirmed-or-waiting sightings are served, and sensitive species at the centre of their 1 or 10 km D96/TM square (property generalised). With a bearer token of the app, also the caller's own sightings and those of the groups they review, with the exact place. Properties are keyed by the columns' database names.",
    },
    servers: [{ url: `${baseUrl}/ogc` }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        exception: {
          type: 'object',
          required: ['code'],
          properties: { code: { type: 'string' }, description: { type: 'string' } },
        },
      },
    },
    security: [{}, { bearer: [] }],
    paths: {
      '/': {
        get: {
          operationId: 'getLandingPage',
          summary: 'Landing page',
          parameters: [f],
          responses: { 200: json('Links to the API, conformance and collections') },
        },
      },
      '/conformance': {
        get: {
          operationId: 'getConformanceDeclaration',
          summary: 'Conformance classes',
          parameters: [f],
          responses: { 200: json('conformsTo') },
        },
      },
      '/collections': {
        get: {
          operationId: 'getCollections',
          summary: 'The collections',
          parameters: [f],
          responses: { 200: json('collections') },
        },
      },
      '/collections/{collectionId}': {
        get: {
          operationId: 'describeCollection',
          summary: 'One collection',
          parameters: [collectionId, f],
          responses: { 200: json('The collection'), 404: error('Unknown collection') },
        },
      },
      '/collections/{collectionId}/items': {
        get: {
          operationId: 'getFeatures',
          summary: 'Features of a collection, paged by the next and prev links',
          parameters: [
            collectionId,
            {
              name: 'limit',
              in: 'query',
              required: false,
              style: 'form',
              explode: false,
              description: `Features per page (larger values are lowered to ${MAX_LIMIT})`,
              schema: { type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT },
            },
            {
              name: 'bbox',
              in: 'query',
              required: false,
              style: 'form',
              explode: false,
              description: 'minx,miny,maxx,maxy in bbox-crs (sightings only)',
              schema: { type: 'array', minItems: 4, maxItems: 6, items: { type: 'number' } },
            },
            {
              name: 'bbox-crs',
              in: 'query',
              required: false,
              style: 'form',
              explode: false,
              schema: { type: 'string', format: 'uri', enum: [...SUPPORTED_CRS], default: SUPPORTED_CRS[0] },
            },
            {
              name: 'datetime',
              in: 'query',
              required: false,
              style: 'form',
              explode: false,
              description:
                'An instant or an interval (.. or empty for an open end) on DATUM_NAJDBE (sightings only); a date means the whole day (UTC)',
              schema: { type: 'string' },
            },
            crs,
            {
              name: 'after',
              in: 'query',
              required: false,
              description: 'Paging cursor of the next link',
              schema: { type: 'integer' },
            },
            {
              name: 'before',
              in: 'query',
              required: false,
              description: 'Paging cursor of the prev link',
              schema: { type: 'integer' },
            },
            f,
          ],
          responses: {
            200: json('A FeatureCollection', { type: 'object' }, features),
            400: error('A bad parameter'),
            404: error('Unknown collection'),
          },
        },
      },
      '/collections/{collectionId}/items/{featureId}': {
        get: {
          operationId: 'getFeature',
          summary: 'One feature',
          parameters: [
            collectionId,
            { name: 'featureId', in: 'path', required: true, schema: { type: 'integer' } },
            crs,
            f,
          ],
          responses: {
            200: json('A Feature', { type: 'object' }, features),
            400: error('A bad parameter'),
            404: error('Unknown collection or feature'),
          },
        },
      },
    },
  };
}
