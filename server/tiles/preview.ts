/**
 * Renders mosaics of every layer to /tmp/tiles-{layer}-{name}.png for a visual check, and
 * prints render timings. Run: node --import tsx server/tiles/preview.ts [dataDir]
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureRegionFile } from './geo/extract.ts';
import { LAYERS } from './layers.ts';
import { tileAt } from './math/tile.ts';
import { createRenderer, renderTile } from './render/renderTile.ts';

interface Mosaic {
  name: string;
  lon: number;
  lat: number;
  z: number;
  size: number;
}

const MOSAICS: Mosaic[] = [
  { name: 'z8-slovenia', lon: 14.9, lat: 46.1, z: 8, size: 3 },
  { name: 'z12-ljubljana', lon: 14.505, lat: 46.051, z: 12, size: 3 },
  { name: 'z12-bled', lon: 14.0, lat: 46.33, z: 12, size: 3 },
  { name: 'z14-ljubljana', lon: 14.505, lat: 46.051, z: 14, size: 3 },
  { name: 'z14-bled', lon: 14.094, lat: 46.363, z: 14, size: 3 },
  { name: 'z11-koper', lon: 13.7, lat: 45.55, z: 11, size: 3 },
  { name: 'z10-julian-alps', lon: 13.75, lat: 46.35, z: 10, size: 3 },
  { name: 'z5-europe', lon: 14.5, lat: 46.0, z: 5, size: 3 },
];

const only = process.argv[3];
const dataDir = process.argv[2] ?? join(tmpdir(), 'tiles-preview-data');
const t0 = performance.now();
const renderer = await createRenderer(await ensureRegionFile(dataDir));
console.log(`setup ${(performance.now() - t0).toFixed(0)} ms`);
const times: Record<string, number[]> = {};
const cpu: Record<string, number[]> = {};
for (const m of MOSAICS) {
  if (only && !m.name.includes(only)) continue;
  const c = tileAt(m.lon, m.lat, m.z);
  const half = Math.floor(m.size / 2);
  for (const layer of LAYERS) {
    const canvas = createCanvas(256 * m.size, 256 * m.size);
    const ctx = canvas.getContext('2d');
    if (layer === 'hillshade') {
      ctx.fillStyle = '#d8d4c8';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
    }
    let bytes = 0;
    for (let dy = 0; dy < m.size; dy++)
      for (let dx = 0; dx < m.size; dx++) {
        const s = performance.now();
        const c0 = process.cpuUsage();
        const png = await renderTile(renderer, layer, { z: m.z, x: c.x - half + dx, y: c.y - half + dy });
        const c1 = process.cpuUsage(c0);
        const key = `${layer} z${m.z}`;
        (times[key] ??= []).push(performance.now() - s);
        (cpu[key] ??= []).push((c1.user + c1.system) / 1000);
        bytes += png.length;
        ctx.drawImage(await loadImage(png), dx * 256, dy * 256);
      }
    const file = `/tmp/tiles-${layer}-${m.name}.png`;
    writeFileSync(file, await canvas.encode('png'));
    console.log(`${file}  avg ${(bytes / m.size ** 2 / 1024).toFixed(1)} KB/tile`);
  }
}
const median = (v: number[]): number => v.slice().sort((a, b) => a - b)[v.length >> 1]!;
for (const [k, v] of Object.entries(times)) {
  const c = cpu[k]!;
  console.log(
    `${k.padEnd(16)} n=${v.length} wall median ${median(v).toFixed(0)} ms (max ${Math.max(...v).toFixed(0)}), cpu median ${median(c).toFixed(0)} ms`,
  );
}
