import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { olTrim } from '../../../build/olTrim.ts';

type Resolve = (source: string, importer?: string) => string | null;
type BuildEnd = (
  this: { getModuleIds: () => IterableIterator<string>; error: (m: string) => never },
  error?: Error,
) => void;

const OL = '/app/node_modules/ol';
const hooks = (p: Plugin): { resolve: Resolve; buildEnd: BuildEnd } => ({
  resolve: p.resolveId as unknown as Resolve,
  buildEnd: p.buildEnd as unknown as BuildEnd,
});
const context = (ids: string[]): { getModuleIds: () => IterableIterator<string>; error: (m: string) => never } => ({
  getModuleIds: () => ids[Symbol.iterator](),
  error: (m: string) => {
    throw new Error(m);
  },
});

describe('olTrim', () => {
  it('replaces the flat-style compiler imported by BaseVector and the default controls imported by Map', () => {
    const { resolve } = hooks(olTrim());
    expect(resolve('../render/canvas/style.js', `${OL}/layer/BaseVector.js`)).toMatch(
      /build[\\/]olStubs[\\/]flatStyles\.ts$/,
    );
    expect(resolve('./control/defaults.js', `${OL}/Map.js`)).toMatch(/build[\\/]olStubs[\\/]defaultControls\.ts$/);
  });

  it('leaves the same modules alone for other importers', () => {
    const { resolve } = hooks(olTrim());
    expect(resolve('../render/canvas/style.js', `${OL}/layer/Heatmap.js`)).toBeNull();
    expect(resolve('./control/defaults.js', '/app/mapscene/MapScene.ts')).toBeNull();
    expect(resolve('react', `${OL}/Map.js`)).toBeNull();
  });

  it('fails the build when OpenLayers is bundled but an expected import was not seen', () => {
    const p = olTrim();
    const { resolve, buildEnd } = hooks(p);
    resolve('./control/defaults.js', `${OL}/Map.js`);
    expect(() => buildEnd.call(context([`${OL}/Map.js`, `${OL}/layer/BaseVector.js`]))).toThrow(
      /render\/canvas\/style\.js/,
    );
  });

  it('passes a build that never loads the importers (the service worker) and one where both were trimmed', () => {
    expect(() => hooks(olTrim()).buildEnd.call(context(['/app/src/sw.ts']))).not.toThrow();
    const { resolve, buildEnd } = hooks(olTrim());
    resolve('./control/defaults.js', `${OL}/Map.js`);
    resolve('../render/canvas/style.js', `${OL}/layer/BaseVector.js`);
    expect(() => buildEnd.call(context([`${OL}/Map.js`, `${OL}/layer/BaseVector.js`]))).not.toThrow();
  });

  it('ships stubs that fail loudly if the app ever takes the trimmed path', async () => {
    const flat = await import('../../../build/olStubs/flatStyles.ts');
    const controls = await import('../../../build/olStubs/defaultControls.ts');
    expect(() => flat.flatStyleLikeToStyleFunction()).toThrow(/flat styles/);
    expect(() => controls.defaults()).toThrow(/controls: \[\]/);
  });
});
