import { describe, expect, it } from 'vitest';
import { parseRoute } from '../../../src/state/route.ts';

describe('hash routes', () => {
  it('knows / and /download, everything else is home', () => {
    expect(parseRoute('')).toBe('/');
    expect(parseRoute('#/')).toBe('/');
    expect(parseRoute('#/download')).toBe('/download');
    expect(parseRoute('#/download?x=1')).toBe('/download');
    expect(parseRoute('#/nope')).toBe('/');
  });
});
