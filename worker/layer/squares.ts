import type { Feature } from '../../domain/model.ts';
import { readGeneralisation } from '../../domain/sensitivity.ts';
import { pointHash } from '../../domain/pointHash.ts';
import { BOX_STRIDE, ringBox, squareRing, SQUARE_STRIDE, type GridProjection } from './squareRing.ts';

export { squareRing, SQUARE_STRIDE, type GridProjection };

/**
 * The side in metres of the national-grid square a feature's point stands for (issue #21: the
 * server's `generalised` member), 0 for an exact place (absent, or anything unexpected).
 */
export function generalisedSide(f: Feature): 0 | 1000 | 10000 {
  const g = readGeneralisation(f.generalised);
  return g === 1000 || g === 10000 ? g : 0;
}

/**
 * The national grid when some of `features` are generalised, else null without loading it: proj4
 * comes in its own chunk (worker/nationalGrid.ts) the first time a generalised find is drawn.
 */
export async function gridFor(
  features: readonly Feature[] | { anyGeneralised(): boolean },
): Promise<GridProjection | null> {
  const any =
    'anyGeneralised' in features
      ? features.anyGeneralised()
      : features.some((f) => f.generalised !== undefined && generalisedSide(f) > 0);
  if (!any) return null;
  const { nationalGrid } = await import('../nationalGrid.ts');
  return nationalGrid;
}

/**
 * Starts loading the national grid's chunk (~130 KB) without waiting for it: a start whose layer
 * holds a generalised find cannot draw before it has come, and on a slow link it took 0.8–1.6 s
 * after the layer when asked only then (bench/scale, first visit). A failed load is gridFor's to
 * report.
 */
export function preloadGrid(): void {
  import('../nationalGrid.ts').catch(() => undefined);
}

/** The rings' hash table: its first size (slots, a power of two; at most half full). */
const FIRST_SLOTS = 1 << 12;
/**
 * Above this many rings the cache starts afresh, when the rows' rings are next looked up anew:
 * more than the 1 km squares of Slovenia's bounding box (~90k; Slovenia itself has ~20,300), so
 * only rows moved again and again over a long session fill it.
 */
const MAX_RINGS = 1 << 17;

/** A batch's squares: each distinct ring once with its box and styles, and each point's ring among them. */
export interface BatchSquares {
  /** SQUARE_STRIDE numbers (corners SW, SE, NE, NW as x, y in EPSG:3857) per distinct square. */
  squares: Float64Array;
  /** Per point: its square in `squares`, -1 for an exact place or no projection. */
  squareOf: Int32Array;
  /** Per square: minX, minY, maxX, maxY (ringBox). */
  squareBoxes: Float64Array;
  /** Per square, one byte per style (the batch's style count): 1 where a point of that style lies in it. */
  squareLooks: Uint8Array;
}

/** The points' styles for a batch's squares: each point's style index and how many styles there are. */
export interface PointStyles {
  styleIndex: Uint16Array;
  count: number;
}

/** What SquareRings reads of the layer's rows (LayerRows). */
export interface RowPoints {
  xs: Float64Array;
  ys: Float64Array;
  gens: Uint16Array;
  version: number;
}

/**
 * The squares of generalised points, projected once: the point is the square's centre (as the
 * server sends it), the square is axis-aligned on the national grid (centre ± side/2 in
 * EPSG:3794), and its corners are taken to EPSG:3857, where it is slightly turned and not quite
 * square. Many finds share a square, so each ring gets an id, found by centre and side in a hash
 * table of typed arrays (open addressing on the centre's bits, no object per point), and the
 * ring of each row of the layer is kept by id until the rows change. A batch then reads a row's
 * ring id and sends each distinct ring once, with each point's place among them.
 *
 * At 1M finds a quarter generalised, the rings looked up per point and copied per point (8
 * numbers each, 15 MB a batch) took ~50 ms of a batch in the data core and the map worker's
 * matching of equal rings another 80–180 ms (bench/scale/refilter.ts, bench/scale).
 */
export class SquareRings {
  /** Per slot: the centre (x, y), the side (0 = empty) and the ring's id. */
  private slots = 0;
  private centres = new Float64Array(0);
  private sides = new Uint16Array(0);
  private ids = new Int32Array(0);
  /** SQUARE_STRIDE numbers per ring id. */
  private rings = new Float64Array(0);
  /** BOX_STRIDE numbers per ring id (ringBox): computed once, copied into each batch. */
  private boxes = new Float64Array(0);
  private cached = 0;
  /** The ring id of each row (-1: exact or no point), for `rowsKey`. */
  private rowRings = new Int32Array(0);
  private rowsKey: { rows: RowPoints; version: number; grid: GridProjection } | null = null;
  /** Per ring id: its place in the batch being packed, -1 when not in it (reset after each batch). */
  private inBatch = new Int32Array(0);
  /** The batch being packed: its rings' ids in order, and their styles (zeroed after each batch). */
  private used = new Int32Array(0);
  private looks = new Uint8Array(0);

  /** Number of rings cached. */
  get size(): number {
    return this.cached;
  }

  /** Bytes held: the hash table, the rings, the rows' ring ids and the batch scratch. */
  bytes(): number {
    const arrays = [
      this.centres,
      this.sides,
      this.ids,
      this.rings,
      this.boxes,
      this.rowRings,
      this.inBatch,
      this.used,
      this.looks,
    ];
    return arrays.reduce((sum, a) => sum + a.byteLength, 0);
  }

  /**
   * The ring id of each row, looked up once per version of the rows (and starting afresh first
   * when the cache has grown past MAX_RINGS); ids stay valid until the next call with other rows.
   */
  ofRows(rows: RowPoints, grid: GridProjection): Int32Array {
    const key = this.rowsKey;
    if (key?.rows === rows && key.version === rows.version && key.grid === grid) return this.rowRings;
    if (this.cached > MAX_RINGS) this.clear();
    const { xs, ys, gens } = rows;
    const out = new Int32Array(gens.length).fill(-1);
    for (let row = 0; row < gens.length; row++) {
      const side = gens[row]!;
      if (side > 0 && Number.isFinite(xs[row]) && Number.isFinite(ys[row]))
        out[row] = this.idOf(xs[row]!, ys[row]!, side, grid);
    }
    this.rowRings = out;
    this.rowsKey = { rows, version: rows.version, grid };
    return out;
  }

  /** The squares of a list of points (those whose `generalised` is above 0), with no rows to remember. */
  of(coords: Float64Array, generalised: Uint16Array, styles: PointStyles, grid: GridProjection | null): BatchSquares {
    const ring = new Int32Array(generalised.length).fill(-1);
    if (grid)
      for (let i = 0; i < generalised.length; i++)
        if (generalised[i]! > 0) ring[i] = this.idOf(coords[2 * i]!, coords[2 * i + 1]!, generalised[i]!, grid);
    return this.pack(ring, styles);
  }

  /**
   * Turns each point's ring id (-1: none) into its place among the batch's distinct rings, in
   * place, in order of first use; returns those rings, their boxes and the styles of their
   * points with the array. The map draws a square per ring and style from these alone: at 1M
   * finds, its own pass over every find and the boxes of 125k rings took 9 ms a batch (node),
   * four times that on a phone.
   */
  pack(ring: Int32Array, styles: PointStyles): BatchSquares {
    if (this.inBatch.length < this.cached)
      this.inBatch = new Int32Array(Math.max(this.cached, 2 * this.inBatch.length)).fill(-1);
    const { inBatch } = this;
    const { styleIndex, count: S } = styles;
    // The ids in order of first use (at most every cached ring once), and the styles in each:
    // scratch kept between batches (at 1M finds ~1.4 MB a batch otherwise), the looks zeroed after use.
    if (this.used.length < this.cached) this.used = new Int32Array(Math.max(this.cached, 2 * this.used.length));
    if (this.looks.length < this.cached * S)
      this.looks = new Uint8Array(Math.max(this.cached * S, 2 * this.looks.length));
    const { used, looks } = this;
    let m = 0;
    for (let i = 0; i < ring.length; i++) {
      const id = ring[i]!;
      if (id < 0) continue;
      let q = inBatch[id]!;
      if (q < 0) {
        q = inBatch[id] = m;
        used[m++] = id;
      }
      ring[i] = q;
      looks[q * S + styleIndex[i]!] = 1;
    }
    const squares = new Float64Array(m * SQUARE_STRIDE);
    const squareBoxes = new Float64Array(m * BOX_STRIDE);
    const { rings, boxes } = this;
    for (let q = 0; q < m; q++) {
      const id = used[q]!;
      for (let k = 0; k < SQUARE_STRIDE; k++) squares[q * SQUARE_STRIDE + k] = rings[id * SQUARE_STRIDE + k]!;
      for (let k = 0; k < BOX_STRIDE; k++) squareBoxes[q * BOX_STRIDE + k] = boxes[id * BOX_STRIDE + k]!;
      inBatch[id] = -1;
    }
    const squareLooks = looks.slice(0, m * S);
    looks.fill(0, 0, m * S);
    return { squares, squareOf: ring, squareBoxes, squareLooks };
  }

  /** The id of the ring of the `side` square centred at (x, y), projected on first use. */
  idOf(x: number, y: number, side: number, grid: GridProjection): number {
    if (2 * (this.cached + 1) > this.slots) this.grow();
    const { centres, sides } = this;
    const mask = this.slots - 1;
    for (let slot = this.home(x, y, side); ; slot = (slot + 1) & mask) {
      if (sides[slot] === 0) {
        const id = this.cached++;
        this.put(slot, x, y, side, id);
        if (this.rings.length < this.cached * SQUARE_STRIDE) {
          const room = 2 * Math.max(this.cached, 1024);
          const more = new Float64Array(room * SQUARE_STRIDE);
          more.set(this.rings);
          this.rings = more;
          const boxes = new Float64Array(room * BOX_STRIDE);
          boxes.set(this.boxes);
          this.boxes = boxes;
        }
        this.rings.set(squareRing(x, y, side, grid), id * SQUARE_STRIDE);
        ringBox(this.rings, id * SQUARE_STRIDE, this.boxes, id * BOX_STRIDE);
        return id;
      }
      if (sides[slot] === side && centres[2 * slot] === x && centres[2 * slot + 1] === y) return this.ids[slot]!;
    }
  }

  /** The first slot to try for a square: a hash of its centre's bits and its side. */
  private home(x: number, y: number, side: number): number {
    return pointHash(x, y, side) & (this.slots - 1);
  }

  private put(slot: number, x: number, y: number, side: number, id: number): void {
    this.centres[2 * slot] = x;
    this.centres[2 * slot + 1] = y;
    this.sides[slot] = side;
    this.ids[slot] = id;
  }

  /** Doubles the table, its rings and their ids kept. */
  private grow(): void {
    const { slots, centres, sides, ids } = this;
    this.slots = slots === 0 ? FIRST_SLOTS : 2 * slots;
    this.centres = new Float64Array(2 * this.slots);
    this.sides = new Uint16Array(this.slots);
    this.ids = new Int32Array(this.slots);
    for (let old = 0; old < slots; old++) {
      if (sides[old] === 0) continue;
      const x = centres[2 * old]!;
      const y = centres[2 * old + 1]!;
      let slot = this.home(x, y, sides[old]!);
      while (this.sides[slot] !== 0) slot = (slot + 1) & (this.slots - 1);
      this.put(slot, x, y, sides[old]!, ids[old]!);
    }
  }

  /** Forgets every ring (and the rows' ids, which named them). */
  private clear(): void {
    this.slots = this.cached = 0;
    this.centres = new Float64Array(0);
    this.sides = new Uint16Array(0);
    this.ids = new Int32Array(0);
    this.rings = new Float64Array(0);
    this.boxes = new Float64Array(0);
    this.inBatch = new Int32Array(0);
    this.rowsKey = null;
  }
}
