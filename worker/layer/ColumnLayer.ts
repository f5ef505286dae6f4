/**
 * The layer's replica as one list of rows over its blocks (columns messages, each a
 * DecodedTable of domain/layerColumns/): ids, points and generalisations as flat typed arrays, any
 * other value read from its block's column on demand, and a Feature built for one row when
 * something needs one (a card, a page of the review queue). No object per find is kept.
 */
import type { Feature, Properties } from '../../domain/model.ts';
import { ABSENT, type DecodedTable } from '../../domain/layerColumns/decode.ts';
import type { ColumnSource } from '../filters/columnar/ColumnStore.ts';
import { readGeneralisation } from '../../domain/sensitivity.ts';

/** A minute in the epoch microseconds the filter engine reads dates as. */
const MICROSECONDS_A_MINUTE = 60_000_000;

export class ColumnLayer implements ColumnSource {
  readonly size: number;
  /** Each row's id, ascending. */
  readonly ids: Float64Array;
  /** Each row's point in EPSG:3857 (NaN without one). */
  readonly xs: Float64Array;
  readonly ys: Float64Array;
  /** Each row's generalisation: the side of its square in metres, 0 = exact (worker/layer/squares.ts). */
  readonly gens: Uint16Array;
  /** The first row of each block. */
  private readonly starts: Int32Array;
  private readonly keys: string[];

  constructor(readonly blocks: readonly DecodedTable[]) {
    this.size = blocks.reduce((n, b) => n + b.n, 0);
    this.ids = new Float64Array(this.size);
    this.xs = new Float64Array(this.size);
    this.ys = new Float64Array(this.size);
    this.gens = new Uint16Array(this.size);
    this.starts = new Int32Array(blocks.length);
    const keys = new Set<string>();
    let at = 0;
    for (const [i, b] of blocks.entries()) {
      this.starts[i] = at;
      this.ids.set(b.ids, at);
      this.xs.set(b.xs, at);
      this.ys.set(b.ys, at);
      for (let r = 0; r < b.n; r++) {
        const g = readGeneralisation(b.value('generalised', r));
        this.gens[at + r] = g === 1000 || g === 10000 ? g : 0;
      }
      for (const k of b.propertyKeys()) keys.add(k);
      at += b.n;
    }
    this.keys = [...keys];
  }

  /** The property keys rows have. */
  propertyKeys(): string[] {
    return this.keys;
  }

  /** True when some row is generalised (the map then needs the national grid). */
  anyGeneralised(): boolean {
    return this.gens.some((g) => g > 0);
  }

  /** The row of the find with id `id` (ids ascend: a binary search), -1 when the layer has none. */
  rowOf(id: number): number {
    const ids = this.ids;
    let lo = 0;
    let hi = ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const v = ids[mid]!;
      if (v === id) return mid;
      if (v < id) lo = mid + 1;
      else hi = mid - 1;
    }
    return -1;
  }

  /**
   * Every row's value of property `key` read as an instant by `read` (ColumnSource.instants):
   * dates held to the minute are read from their numbers, with no ISO text built and parsed per
   * row (at 1M finds that was most of the 2 s the data core spent encoding the filter panel's
   * columns after a start).
   */
  instants(key: string, read: (v: unknown) => number): Float64Array {
    const out = new Float64Array(this.size);
    const name = `p${key}`;
    this.blocks.forEach((block, b) => {
      const at = this.starts[b]!;
      const c = block.columns.get(name);
      for (let r = 0; r < block.n; r++) {
        const code = c?.codes ? c.codes[r]! : 0;
        out[at + r] =
          c?.head.encoding === 'minutes' && code === 0
            ? c.values![r]! * MICROSECONDS_A_MINUTE
            : read(this.value(at + r, key));
      }
    });
    return out;
  }

  /** Row `row`'s value of property `key`, undefined where it has none. */
  value(row: number, key: string): Properties[string] | undefined {
    const b = this.blockOf(row);
    const v = this.blocks[b]!.value(`p${key}`, row - this.starts[b]!);
    return v === ABSENT ? undefined : (v as Properties[string]);
  }

  /** Row `row` as a Feature (as the JSON form gives it, the point to the metre). */
  feature(row: number): Feature {
    const b = this.blockOf(row);
    return this.blocks[b]!.feature(row - this.starts[b]!);
  }

  /** The block that holds `row` (binary search of the first rows). */
  private blockOf(row: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= row) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}
