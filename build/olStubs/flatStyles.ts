/** Stands in for ol/render/canvas/style.js in the app build (see build/olTrim.ts). */
export function flatStyleLikeToStyleFunction(): never {
  throw new Error(
    'Sporoči vrsto: OpenLayers flat styles are not bundled; give layers ol/style/Style objects (src/map/symbology.ts).',
  );
}
