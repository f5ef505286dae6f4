import { describe, expect, it } from 'vitest';
import { speciesImageUrls } from '../../../src/ui/speciesImages.ts';
import { mergeConfig } from '../../../worker/config.ts';

describe('species images (atlas host, thumbs → full-size folder)', () => {
  it('uses the shipped drawings when no atlas host is configured', () => {
    expect(speciesImageUrls('species/1804.svg', mergeConfig(null))).toEqual({
      thumb: '/species/1804.svg',
      full: '/species/1804.svg',
      local: '/species/1804.svg',
    });
  });

  it("swaps the 'thumbs' path part for the full-size folder", () => {
    const cfg = mergeConfig({ speciesImages: { base: 'https://atlas.example.si/slike/thumbs/', fullPart: 'velike' } });
    expect(speciesImageUrls('species/1804.jpg', cfg)).toEqual({
      thumb: 'https://atlas.example.si/slike/thumbs/1804.jpg',
      full: 'https://atlas.example.si/slike/velike/1804.jpg',
      local: '/species/1804.jpg',
    });
  });

  it('ignores an atlas base that is not an http(s) URL', () => {
    expect(mergeConfig({ speciesImages: { base: 'javascript:alert(1)' } }).speciesImages).toBeNull();
  });
});
