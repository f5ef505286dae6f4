import { GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { LAKES } from '../data/lakes.ts';
import { PEAKS, TOWNS, type LabelSide, type Town } from '../data/towns.ts';
import { TILE_SIZE, latToWorldY, lonToWorldX, tileTransform, type TileCoord } from '../math/tile.ts';

/** The first installed font family that has Slovene letters, or null (labels are then skipped). */
export const LABEL_FONT: string | null = (() => {
  const have = new Set(GlobalFonts.families.map((f) => f.family));
  for (const f of ['DejaVu Sans', 'Liberation Sans', 'Noto Sans', 'Arial', 'Helvetica']) if (have.has(f)) return f;
  return null;
})();

interface Placed {
  wx: number;
  wy: number;
}

const townPos: Placed[] = TOWNS.map((t) => ({ wx: lonToWorldX(t.lon), wy: latToWorldY(t.lat) }));
const peakPos: Placed[] = PEAKS.map((p) => ({ wx: lonToWorldX(p.lon), wy: latToWorldY(p.lat) }));
/** Lake names at their rings' centres; the larger lakes from a smaller zoom. */
const lakeLabels = LAKES.map((l) => {
  let lon = 0,
    lat = 0;
  const n = l.ring.length / 2;
  for (let i = 0; i < l.ring.length; i += 2) {
    lon += l.ring[i]!;
    lat += l.ring[i + 1]!;
  }
  return { name: l.name, wx: lonToWorldX(lon / n), wy: latToWorldY(lat / n), minZoom: l.seasonal ? 11 : 13 };
});

/** Labels reach this far (px) from their point; points this far outside the tile are still drawn. */
const REACH = 160;

function fontFor(t: Town, z: number): string {
  const capital = t.pop > 200000 && !t.foreign;
  const size = capital ? (z >= 10 ? 16 : 14) : t.pop >= 18000 ? (z >= 11 ? 14 : 12.5) : z >= 12 ? 13 : 11.5;
  const weight = capital || (t.pop >= 18000 && !t.foreign) ? 'bold ' : '';
  return `${t.foreign ? 'italic ' : ''}${weight}${size}px "${LABEL_FONT}"`;
}

function halo(ctx: SKRSContext2D, text: string, x: number, y: number, fill: string): void {
  ctx.lineJoin = 'round';
  ctx.lineWidth = 3.2;
  ctx.strokeStyle = 'rgba(255, 255, 255, 0.92)';
  ctx.strokeText(text, x, y);
  ctx.fillStyle = fill;
  ctx.fillText(text, x, y);
}

type Align = SKRSContext2D['textAlign'];
type Baseline = SKRSContext2D['textBaseline'];

function place(side: LabelSide, dot: number): { dx: number; dy: number; align: Align; base: Baseline } {
  const gap = dot + 3;
  if (side === 'left') return { dx: -gap, dy: 0, align: 'right', base: 'middle' };
  if (side === 'above') return { dx: 0, dy: -gap, align: 'center', base: 'bottom' };
  if (side === 'below') return { dx: 0, dy: gap, align: 'center', base: 'top' };
  return { dx: gap, dy: 0, align: 'left', base: 'middle' };
}

/**
 * Draws the names of towns (and peaks at large zooms) whose label may reach into the
 * tile; every tile draws a label at the same world position, so labels cut by a tile
 * edge continue seamlessly in the neighbour.
 */
export function drawLabels(ctx: SKRSContext2D, tile: TileCoord): void {
  if (!LABEL_FONT) return;
  const tr = tileTransform(tile);
  const z = tile.z;
  const near = (p: Placed): [number, number] | null => {
    const x = (p.wx - tr.x0) * tr.scale;
    const y = (p.wy - tr.y0) * tr.scale;
    return x > -REACH && x < TILE_SIZE + REACH && y > -REACH / 3 && y < TILE_SIZE + REACH / 3 ? [x, y] : null;
  };
  PEAKS.forEach((p, i) => {
    if (z < p.minZoom) return;
    const at = near(peakPos[i]!);
    if (!at) return;
    const [x, y] = at;
    ctx.beginPath();
    ctx.moveTo(x, y - 4);
    ctx.lineTo(x + 4, y + 3);
    ctx.lineTo(x - 4, y + 3);
    ctx.closePath();
    ctx.fillStyle = 'rgb(110, 80, 60)';
    ctx.fill();
    ctx.font = `italic 11px "${LABEL_FONT}"`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    halo(ctx, `${p.name} ${p.ele}`, x, y + 5, 'rgb(100, 70, 50)');
  });
  for (const l of lakeLabels) {
    if (z < l.minZoom) continue;
    const at = near(l);
    if (!at) continue;
    ctx.font = `italic ${z >= 14 ? 13 : 11.5}px "${LABEL_FONT}"`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    halo(ctx, l.name, at[0], at[1] - (l.name.startsWith('Blejsko') && z >= 14 ? 24 : 0), 'rgb(40, 100, 160)');
  }
  TOWNS.forEach((t, i) => {
    if (z < t.minZoom) return;
    const at = near(townPos[i]!);
    if (!at) return;
    const [x, y] = at;
    const dot = z >= 12 ? 0 : t.pop > 200000 ? 4 : t.pop >= 18000 ? 3 : 2.3;
    if (dot > 0) {
      ctx.beginPath();
      ctx.arc(x, y, dot, 0, Math.PI * 2);
      ctx.fillStyle = t.foreign ? 'rgb(110, 110, 110)' : 'rgb(50, 40, 40)';
      ctx.fill();
      ctx.lineWidth = 1.2;
      ctx.strokeStyle = 'white';
      ctx.stroke();
    }
    const p = dot > 0 ? place(t.side ?? 'right', dot) : place('above', -3);
    ctx.font = fontFor(t, z);
    ctx.textAlign = p.align;
    ctx.textBaseline = p.base;
    halo(ctx, t.name, x + p.dx, y + p.dy, t.foreign ? 'rgb(105, 105, 110)' : 'rgb(40, 34, 34)');
  });
}
