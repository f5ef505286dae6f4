import type { Predicate } from '../predicates/types.ts';
import type { Dictionary } from './Dictionary.ts';
import { difference, scanFlag, scanMember, scanOutside, scanRange, scanTable } from './kernels.ts';
import type { Shared } from './Shared.ts';

/**
 * The nodes of a compiled columnar filter. `run` narrows a selection (see kernels.ts: `sel` null
 * means all rows 0..n-1; `out` may be `sel`); `selectivity` estimates the fraction of rows that
 * pass, so that groups can run their most selective child first.
 */
export abstract class ColumnarNode {
  /** Writes the rows of the selection that pass to `out` and returns how many. */
  abstract run(sel: Int32Array | null, n: number, out: Int32Array): number;
  /** The estimated fraction of the store's rows that pass (0..1). */
  abstract selectivity(): number;
}

/** A scan of one column, its selectivity measured on the sample rows once per store version. */
abstract class ScanNode extends ColumnarNode {
  private version = -1;
  private estimate = 1;

  constructor(protected readonly shared: Shared) {
    super();
  }

  override selectivity(): number {
    const { store, sample, sampleOut } = this.shared;
    if (this.version !== store.version) {
      this.version = store.version;
      this.estimate = sample.length ? this.run(sample, sample.length, sampleOut) / sample.length : 0;
    }
    return this.estimate;
  }
}

/** A scan of one numeric column against the bounds [lo, hi]. */
abstract class BoundsNode extends ScanNode {
  constructor(
    shared: Shared,
    protected readonly x: Float64Array,
    protected readonly lo: number,
    protected readonly hi: number,
  ) {
    super(shared);
  }
}

/** x in [lo, hi]: equals, ordering, inRange and dateEquals, on numbers, instants or days. */
export class RangeNode extends BoundsNode {
  override run(sel: Int32Array | null, n: number, out: Int32Array): number {
    return scanRange(this.x, this.lo, this.hi, sel, n, out);
  }
}

/** x outside [lo, hi] (x readable): notEquals, notInRange and dateNotEquals. */
export class OutsideNode extends BoundsNode {
  override run(sel: Int32Array | null, n: number, out: Int32Array): number {
    return scanOutside(this.x, this.lo, this.hi, sel, n, out);
  }
}

/** x (readable) in, or not in, a list: in and notIn on numbers or instants. */
export class MemberNode extends ScanNode {
  constructor(
    shared: Shared,
    private readonly x: Float64Array,
    private readonly list: Float64Array,
    private readonly set: ReadonlySet<number> | null,
    private readonly want: boolean,
  ) {
    super(shared);
  }

  override run(sel: Int32Array | null, n: number, out: Int32Array): number {
    return scanMember(this.x, this.list, this.set, this.want, sel, n, out);
  }
}

/** An instant after (or before) the clock of the pass: afterNow and beforeNow. */
export class NowNode extends ScanNode {
  constructor(
    shared: Shared,
    private readonly x: Float64Array,
    private readonly after: boolean,
  ) {
    super(shared);
  }

  override run(sel: Int32Array | null, n: number, out: Int32Array): number {
    const now = this.shared.nowUs;
    // Strict comparisons as inclusive bounds: x > now is x >= the next double above now.
    return this.after
      ? scanRange(this.x, nextUp(now), Infinity, sel, n, out)
      : scanRange(this.x, -Infinity, -nextUp(-now), sel, n, out);
  }
}

/** A flag equal to `want`: isNull / isNotNull on number and date columns. */
export class FlagNode extends ScanNode {
  constructor(
    shared: Shared,
    private readonly flags: Uint8Array,
    private readonly want: number,
  ) {
    super(shared);
  }

  override run(sel: Int32Array | null, n: number, out: Int32Array): number {
    return scanFlag(this.flags, this.want, sel, n, out);
  }
}

/**
 * A condition on a dictionary-encoded column: the object engine's predicate is evaluated once
 * per distinct value (entries added by edits are evaluated on the next pass), then each row
 * looks its code up. Negation is folded into the table. The selectivity is exact: the row
 * counts of the matching entries.
 */
export class TableNode extends ColumnarNode {
  private table = new Uint8Array(16);
  private filled = 0;
  private readonly probe: Record<number, unknown> = {};

  constructor(
    private readonly dict: Dictionary,
    private readonly key: number,
    private readonly pred: Predicate,
    private readonly negate: boolean,
  ) {
    super();
  }

  override run(sel: Int32Array | null, n: number, out: Int32Array): number {
    return scanTable(this.dict.codes, this.refresh(), sel, n, out);
  }

  override selectivity(): number {
    const table = this.refresh();
    const { counts, codes } = this.dict;
    let rows = 0;
    for (let c = 0; c < counts.length; c++) rows += table[c]! * counts[c]!;
    return codes.length ? rows / codes.length : 0;
  }

  /** The truth table, extended to the dictionary's new entries. */
  private refresh(): Uint8Array {
    const { values } = this.dict;
    if (this.filled === values.length) return this.table;
    if (this.table.length < values.length) {
      const grown = new Uint8Array(Math.max(values.length, this.table.length * 2));
      grown.set(this.table);
      this.table = grown;
    }
    const p = this.probe as Parameters<Predicate>[0];
    for (let c = this.filled; c < values.length; c++) {
      this.probe[this.key] = values[c];
      this.table[c] = this.pred(p) !== this.negate ? 1 : 0;
    }
    this.filled = values.length;
    return this.table;
  }
}

/** Orders a group's children by their selectivity into `order` (insertion sort, no allocation). */
function order(children: readonly ColumnarNode[], est: Float64Array, order: Int32Array, descending: boolean): void {
  for (let i = 0; i < children.length; i++) {
    const e = children[i]!.selectivity();
    const s = descending ? -e : e;
    let j = i;
    while (j > 0 && est[j - 1]! > s) {
      est[j] = est[j - 1]!;
      order[j] = order[j - 1]!;
      j--;
    }
    est[j] = s;
    order[j] = i;
  }
}

/** All children: the most selective runs on the whole selection, each next one on what is left. */
export class AndNode extends ColumnarNode {
  private readonly est: Float64Array;
  private readonly order: Int32Array;

  constructor(private readonly children: readonly ColumnarNode[]) {
    super();
    this.est = new Float64Array(children.length);
    this.order = new Int32Array(children.length);
  }

  override run(sel: Int32Array | null, n: number, out: Int32Array): number {
    order(this.children, this.est, this.order, false);
    let k = this.children[this.order[0]!]!.run(sel, n, out);
    for (let i = 1; i < this.children.length && k > 0; i++) k = this.children[this.order[i]!]!.run(out, k, out);
    return k;
  }

  override selectivity(): number {
    let s = 1;
    for (const c of this.children) s *= c.selectivity();
    return s;
  }
}

/** Any child: each runs only on the rows no earlier child matched, the likeliest first. */
export class OrNode extends ColumnarNode {
  private readonly est: Float64Array;
  private readonly order: Int32Array;

  constructor(
    private readonly shared: Shared,
    private readonly children: readonly ColumnarNode[],
  ) {
    super();
    this.est = new Float64Array(children.length);
    this.order = new Int32Array(children.length);
  }

  override run(sel: Int32Array | null, n: number, out: Int32Array): number {
    order(this.children, this.est, this.order, true);
    const rest = this.shared.take();
    const hit = this.shared.take();
    let left: Int32Array | null = sel;
    let count = n;
    for (let i = 0; i < this.children.length && count > 0; i++) {
      const k = this.children[this.order[i]!]!.run(left, count, hit);
      count = difference(left, count, hit, k, rest);
      left = rest;
    }
    // The matches are the selection less what no child matched.
    const k = difference(sel, n, rest, count, out);
    this.shared.give(hit);
    this.shared.give(rest);
    return k;
  }

  override selectivity(): number {
    let none = 1;
    for (const c of this.children) none *= 1 - c.selectivity();
    return 1 - none;
  }
}

/** The rows of the selection the child does not match. */
export class NotNode extends ColumnarNode {
  constructor(
    private readonly shared: Shared,
    private readonly child: ColumnarNode,
  ) {
    super();
  }

  override run(sel: Int32Array | null, n: number, out: Int32Array): number {
    const hit = this.shared.take();
    const k = difference(sel, n, hit, this.child.run(sel, n, hit), out);
    this.shared.give(hit);
    return k;
  }

  override selectivity(): number {
    return 1 - this.child.selectivity();
  }
}

const BITS = new Float64Array(1);
const WORD = new BigInt64Array(BITS.buffer);

/** The next double above x (x itself for NaN and Infinity). */
export function nextUp(x: number): number {
  if (x !== x || x === Infinity) return x;
  if (x === 0) return Number.MIN_VALUE;
  BITS[0] = x;
  WORD[0] = WORD[0]! + (x > 0 ? 1n : -1n);
  return BITS[0];
}
