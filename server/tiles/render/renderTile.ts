import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { GeoIndex } from '../geo/land.ts';
import type { Layer } from '../layers.ts';
import { TILE_SIZE, type TileCoord } from '../math/tile.ts';
import { computeCover } from '../terrain/cover.ts';
import { ReliefModel } from '../terrain/model.ts';
import { computeTerrain, tileFrame } from '../terrain/tileTerrain.ts';
import { paintHillshade } from './hillshade.ts';
import { tileMasks } from './mask.ts';
import { drawOrthoVectors, paintOrtho } from './ortho.ts';
import { drawTopoVectors, paintTopo } from './topo.ts';

/** Everything a render needs, loaded once per thread. */
export interface Renderer {
  geo: GeoIndex;
  relief: ReliefModel;
}

/** Loads the geography (from the extract made by ensureRegionFile) and the relief model. */
export async function createRenderer(regionFile: string): Promise<Renderer> {
  const geo = await GeoIndex.load(regionFile);
  return { geo, relief: new ReliefModel() };
}

/**
 * Encodes RGBA pixels as a palette PNG (libimagequant through sharp, dithered, so flat
 * areas keep their colour from tile to tile): about half the size of a truecolour PNG,
 * and far faster to encode than the canvas' own encoder.
 */
async function encodePng(rgba: Uint8ClampedArray): Promise<Buffer> {
  return sharp(Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength), {
    raw: { width: TILE_SIZE, height: TILE_SIZE, channels: 4 },
  })
    .png({ palette: true, quality: 100, effort: 3, compressionLevel: 6 })
    .toBuffer();
}

/** Renders one 256 px tile of a layer as PNG. */
export async function renderTile(r: Renderer, layer: Layer, tile: TileCoord): Promise<Buffer> {
  const masks = tileMasks(r.geo, tile, layer === 'topo');
  const frame = tileFrame(tile);
  const terrain = masks.allSea ? null : computeTerrain(r.relief, frame);
  const canvas = createCanvas(TILE_SIZE, TILE_SIZE);
  const ctx = canvas.getContext('2d');
  const image = ctx.createImageData(TILE_SIZE, TILE_SIZE);
  if (layer === 'hillshade') {
    paintHillshade(image.data, terrain, masks);
    return encodePng(image.data);
  }
  const cover = terrain ? computeCover(terrain) : null;
  if (layer === 'ortho') {
    paintOrtho(image.data, frame, terrain, cover, masks);
    ctx.putImageData(image, 0, 0);
    drawOrthoVectors(ctx, r.geo, tile, frame.mpp);
  } else {
    paintTopo(image.data, terrain, cover, masks);
    ctx.putImageData(image, 0, 0);
    drawTopoVectors(ctx, r.geo, tile, frame.mpp);
  }
  return encodePng(ctx.getImageData(0, 0, TILE_SIZE, TILE_SIZE).data);
}
