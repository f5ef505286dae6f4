import type { JsonSchema } from './jsonSchema.ts';

/**
 * The component schemas as the OpenAPI document shows them: a part of one schema that is another
 * named schema (TypeBox nests the shape itself, e.g. Geometry inside FeatureCreate) becomes a
 * `$ref` to it, so that each shape is written out once in the document.
 */
export function withShapeRefs(schemas: Record<string, JsonSchema>): Record<string, JsonSchema> {
  const byText = new Map<string, string>();
  for (const [name, schema] of Object.entries(schemas)) {
    const text = JSON.stringify(schema);
    if (!byText.has(text)) byText.set(text, name);
  }
  const walk = (v: unknown, own: string): unknown => {
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((x) => walk(x, own));
    const named = byText.get(JSON.stringify(v));
    if (named !== undefined && named !== own) return { $ref: `#/components/schemas/${named}` };
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, own)]));
  };
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => [
      name,
      Object.fromEntries(Object.entries(schema).map(([k, x]) => [k, walk(x, name)])),
    ]),
  );
}
