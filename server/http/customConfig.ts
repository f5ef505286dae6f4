import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The atlas host of species images named in the optional /config.json of the built app
 * (`speciesImages.base`), so the CSP can allow it; [] when there is none.
 */
export function speciesImageOrigin(distDir: string): string[] {
  try {
    const c = JSON.parse(readFileSync(join(distDir, 'config.json'), 'utf8')) as { speciesImages?: { base?: unknown } };
    const base = c.speciesImages?.base;
    return typeof base === 'string' && /^https?:\/\//.test(base) ? [new URL(base).origin] : [];
  } catch {
    return [];
  }
}
