import { REQUEST_SCHEMAS, RESPONSE_SCHEMAS } from '../../../domain/shapes/index.ts';
import type { JsonSchema } from './jsonSchema.ts';

export { ref, type JsonSchema } from './jsonSchema.ts';

/** The component schemas of the OpenAPI document: the answers' and the request bodies' shapes (domain/shapes/). */
export const SCHEMAS: Record<string, JsonSchema> = { ...RESPONSE_SCHEMAS, ...REQUEST_SCHEMAS };
