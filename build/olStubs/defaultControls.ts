/** Stands in for ol/control/defaults.js in the app build (see build/olTrim.ts). */
export function defaults(): never {
  throw new Error(
    'Sporoči vrsto: OpenLayers default controls are not bundled; create maps with `controls: []` (src/map/MapControls.tsx draws them).',
  );
}
