/**
 * Vite plugin: keeps two parts of OpenLayers that the app never runs out of its first-load
 * bundle (the map route's budget is 170 KB gzip, see bench/startup). Each is a static import
 * inside OpenLayers for an option the app always sets explicitly, so tree-shaking cannot drop it:
 *
 * - `ol/layer/BaseVector.js` → `../render/canvas/style.js`: the flat-style compiler and the
 *   expression language (`ol/expr/*`, ~100 KB of source, ~8 KB gzip), used only when a layer
 *   gets a flat style object (`{ 'circle-radius': 7, … }`). The app gives every vector layer
 *   `ol/style/Style` instances or a style function (mapscene/layers/symbology.ts builds them).
 * - `ol/Map.js` → `./control/defaults.js`: the default Zoom / Rotate / Attribution controls,
 *   created only when a map is made without `controls`. The app passes `controls: []` and draws
 *   its own buttons (src/map/ui/MapControls.tsx, with Slovenian names and tooltips).
 *
 * For those imports (and only from those importers) the stubs in build/olStubs/ are used; a
 * stub throws a clear error if the app ever takes the other path. If an OpenLayers upgrade
 * moves an import, the build fails (`buildEnd`) instead of silently shipping the code again.
 * The service worker and the data-core worker are separate builds and are left alone.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

interface Trim {
  importer: RegExp;
  specifier: string;
  stub: string;
}

const stub = (name: string): string => fileURLToPath(new URL(`./olStubs/${name}`, import.meta.url));

const TRIMS: readonly Trim[] = [
  {
    importer: /[\\/]node_modules[\\/]ol[\\/]layer[\\/]BaseVector\.js$/,
    specifier: '../render/canvas/style.js',
    stub: stub('flatStyles.ts'),
  },
  {
    importer: /[\\/]node_modules[\\/]ol[\\/]Map\.js$/,
    specifier: './control/defaults.js',
    stub: stub('defaultControls.ts'),
  },
];

export function olTrim(): Plugin {
  const used = new Set<Trim>();
  return {
    name: 'sv:ol-trim',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      const trim = importer ? TRIMS.find((t) => t.specifier === source && t.importer.test(importer)) : undefined;
      if (!trim) return null;
      used.add(trim);
      return trim.stub;
    },
    buildEnd(error) {
      if (error) return;
      const ids = [...this.getModuleIds()];
      for (const t of TRIMS) {
        // A build that never loads the importer (e.g. the service worker) has nothing to trim.
        if (!used.has(t) && ids.some((id) => t.importer.test(id))) {
          this.error(
            `OpenLayers no longer imports "${t.specifier}" where build/olTrim.ts expects it: update the trim list`,
          );
        }
      }
    },
  };
}
