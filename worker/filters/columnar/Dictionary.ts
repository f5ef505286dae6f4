/**
 * One column's distinct stored values, each row holding the code (index) of its value.
 *
 * Values are kept as stored (5 and '5' are two entries, so are null and ''): a condition is
 * evaluated once per distinct value by the object engine's own predicate (`TableNode` in
 * nodes.ts), which keeps the columnar answers identical to the object path's by construction.
 * Entries are only ever added, so a truth table computed for the first `k` entries stays valid
 * after an edit adds more. Map keys compare with SameValueZero: -0 and 0 share an entry, which
 * no predicate tells apart (both read as the number 0 and the text '0').
 */
export class Dictionary {
  /** The code of each row's value. */
  readonly codes: Int32Array;
  /** The distinct values, by code. */
  readonly values: unknown[] = [];
  /** How many rows hold each code. */
  readonly counts: number[] = [];
  private readonly index = new Map<unknown, number>();

  constructor(size: number) {
    this.codes = new Int32Array(size);
  }

  /** The code of `v`, adding it as a new entry when it is not there yet. */
  codeOf(v: unknown): number {
    let c = this.index.get(v);
    if (c === undefined) {
      c = this.values.length;
      this.index.set(v, c);
      this.values.push(v);
      this.counts.push(0);
    }
    return c;
  }

  /** Stores `v` as the value of `row` on first fill. */
  fill(row: number, v: unknown): void {
    const c = this.codeOf(v);
    this.codes[row] = c;
    this.counts[c]!++;
  }

  /** Replaces the value of an already filled `row` (an edit). */
  set(row: number, v: unknown): void {
    this.counts[this.codes[row]!]!--;
    this.fill(row, v);
  }

  /** Bytes held: the codes plus an estimate of the entries (map slot, count, value reference). */
  bytes(): number {
    return this.codes.byteLength + this.values.length * 40;
  }
}
