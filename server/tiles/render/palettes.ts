/** The colours of the ortho and topographic layers (palettes.json) as RGB triples, and mixing of colours. */
import palettes from './palettes.json' with { type: 'json' };

/** A colour: red, green and blue, 0-255. */
export type RGB = readonly [number, number, number];

/** `c` as an RGB triple, checked (`what` names it in the error). */
function triple(c: number[], what: string): RGB {
  if (c.length !== 3) throw new Error(`palettes.json: ${what} is ${JSON.stringify(c)}, not an RGB triple`);
  return [c[0]!, c[1]!, c[2]!];
}

/** One palette (list of colours) of palettes.json. */
function palette(name: Exclude<keyof typeof palettes, 'colours'>): RGB[] {
  return palettes[name].map((c) => triple(c, name));
}

/** The named colours of one part of the layers (`colours` in palettes.json). */
export function colours<K extends keyof typeof palettes.colours>(
  part: K,
): Record<keyof (typeof palettes.colours)[K], RGB> {
  const named: Record<string, number[]> = palettes.colours[part];
  const out: Record<string, RGB> = {};
  for (const [name, c] of Object.entries(named)) out[name] = triple(c, `colours.${part}.${name}`);
  return out as Record<keyof (typeof palettes.colours)[K], RGB>;
}

/** Crop colours of an orthophoto in early summer. */
export const CROPS = palette('crops');
/** Meadow greens. */
export const MEADOWS = palette('meadows');
/** Village roofs are mostly red tiles; town roofs mostly grey and light (flat roofs). */
export const VILLAGE_ROOFS = palette('villageRoofs');
export const TOWN_ROOFS = palette('townRoofs');

/** Writes the colour (r, g, b) moved towards `c` by `k` (0 = not at all, 1 = all the way) into `out`. */
export function mixInto(out: Float32Array, r: number, g: number, b: number, c: RGB, k: number): void {
  out[0] = r + (c[0] - r) * k;
  out[1] = g + (c[1] - g) * k;
  out[2] = b + (c[2] - b) * k;
}
