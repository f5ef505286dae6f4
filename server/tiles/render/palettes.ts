/** The many-coloured palettes of the ortho layer (palettes.json: crops, meadows, roofs) as RGB triples. */
import palettes from './palettes.json' with { type: 'json' };

/** A colour: red, green and blue, 0-255. */
export type RGB = readonly [number, number, number];

/** One palette of palettes.json, each colour checked to be a triple. */
function palette(name: keyof typeof palettes): RGB[] {
  return palettes[name].map((c) => {
    if (c.length !== 3) throw new Error(`palettes.json: ${name} has ${JSON.stringify(c)}, not an RGB triple`);
    return [c[0]!, c[1]!, c[2]!] as const;
  });
}

/** Crop colours of an orthophoto in early summer. */
export const CROPS = palette('crops');
/** Meadow greens. */
export const MEADOWS = palette('meadows');
/** Village roofs are mostly red tiles; town roofs mostly grey and light (flat roofs). */
export const VILLAGE_ROOFS = palette('villageRoofs');
export const TOWN_ROOFS = palette('townRoofs');
