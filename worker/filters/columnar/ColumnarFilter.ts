import { compilePlan } from '../compile.ts';
import type { PlanCondition, PlanNode } from '../../../domain/filters/plan.ts';
import { SCAN_LIMIT } from '../predicates/types.ts';
import type { ColumnStore } from './ColumnStore.ts';
import { copySelection } from './kernels.ts';
import {
  AndNode,
  FlagNode,
  MemberNode,
  NotNode,
  NowNode,
  OrNode,
  OutsideNode,
  RangeNode,
  TableNode,
  nextUp,
  type ColumnarNode,
} from './nodes.ts';
import { SelectionPool, Shared } from './Shared.ts';

/** What compileColumnar needs besides the plan and the store; defaults stated. */
export interface ColumnarContext {
  /** The signed-in user's e-mail for equalsUserEmail; null = nobody (never matches). */
  userEmail: string | null;
  /** The clock of afterNow / beforeNow in epoch ms, read once per `select`; default Date.now. */
  now?: () => number;
  /** Scratch selections to share with other filters of the same store; default a pool of its own. */
  pool?: SelectionPool;
}

/**
 * A filter compiled against one ColumnStore: `select` finds the matching rows with column
 * scans, clause by clause, the most selective first, each later clause scanning only the rows
 * still in. After the first pass it allocates nothing.
 */
export class ColumnarFilter {
  private out: Int32Array | null = null;

  constructor(
    private readonly root: ColumnarNode | null,
    private readonly shared: Shared,
  ) {}

  /** The store the filter reads. */
  get store(): ColumnStore {
    return this.shared.store;
  }

  /**
   * The rows found by the last `select` without an `out`, ascending, in `rows[0..count)`.
   * Overwritten by the next such call.
   */
  get rows(): Int32Array {
    return (this.out ??= new Int32Array(this.shared.store.size));
  }

  /**
   * Finds the matching rows among `input[0..n)` (ascending row numbers), or among all rows when
   * `input` is null, writes them to `out` (default `rows`; it may be `input` itself) and returns
   * how many. The clock is read once per call.
   */
  select(
    input: Int32Array | null = null,
    n: number = input ? input.length : this.shared.store.size,
    out: Int32Array = this.rows,
  ): number {
    if (this.root === null) return copySelection(input, n, out);
    this.shared.nowUs = this.shared.now() * 1000;
    return this.root.run(input, n, out);
  }
}

/** Compiles one condition (its negate included). */
function condition(c: PlanCondition, shared: Shared, ctx: ColumnarContext): ColumnarNode {
  const { store } = shared;
  const key = c.column.id;
  const { op, negate } = c;
  const numeric = c.valueKind === 'number' || c.valueKind === 'date';
  let node: ColumnarNode;
  if (!numeric) {
    // Text, key, boolean and geometry columns: the object predicate once per distinct value.
    return new TableNode(store.dictionary(key), key, compilePlan({ ...c, negate: false }, ctx), negate);
  } else if (op === 'isNull' || op === 'isNotNull') {
    node = new FlagNode(shared, store.empty(key), op === 'isNull' ? 1 : 0);
  } else if (op === 'dateEquals' || op === 'dateNotEquals') {
    const d = c.days[0]!;
    const days = store.days(key);
    node = op === 'dateEquals' ? new RangeNode(shared, days, d, d) : new OutsideNode(shared, days, d, d);
  } else if (op === 'afterNow' || op === 'beforeNow') {
    node = new NowNode(shared, store.instants(key), op === 'afterNow');
  } else {
    const lits = c.valueKind === 'date' ? c.instants : c.numbers;
    const x = c.valueKind === 'date' ? store.instants(key) : store.numbers(key);
    node = scan(shared, x, op, lits);
  }
  return negate ? new NotNode(shared, node) : node;
}

/** A comparison of readable values with the literals, as a range, its outside or a list. */
function scan(shared: Shared, x: Float64Array, op: PlanCondition['op'], lits: readonly number[]): ColumnarNode {
  const a = lits[0] ?? NaN;
  const b = lits[1] ?? NaN;
  switch (op) {
    case 'equals':
      return new RangeNode(shared, x, a, a);
    case 'notEquals':
      return new OutsideNode(shared, x, a, a);
    // Strict comparisons as inclusive bounds on the neighbouring double.
    case 'lessThan':
      return new RangeNode(shared, x, -Infinity, -nextUp(-a));
    case 'lessOrEqual':
      return new RangeNode(shared, x, -Infinity, a);
    case 'greaterThan':
      return new RangeNode(shared, x, nextUp(a), Infinity);
    case 'greaterOrEqual':
      return new RangeNode(shared, x, a, Infinity);
    case 'inRange':
      return new RangeNode(shared, x, a, b);
    case 'notInRange':
      return new OutsideNode(shared, x, a, b);
    case 'in':
    case 'notIn':
      return new MemberNode(
        shared,
        x,
        Float64Array.from(lits),
        lits.length > SCAN_LIMIT ? new Set(lits) : null,
        op === 'in',
      );
    default:
      throw new Error(`compileColumnar: unexpected operation ${op}`);
  }
}

/** Compiles a plan node; groups of one child are that child. */
function node(n: PlanNode, shared: Shared, ctx: ColumnarContext): ColumnarNode {
  if (n.kind === 'condition') return condition(n, shared, ctx);
  const children = n.children.map((c) => node(c, shared, ctx));
  const group =
    children.length === 1 ? children[0]! : n.kind === 'and' ? new AndNode(children) : new OrNode(shared, children);
  return n.negate ? new NotNode(shared, group) : group;
}

/**
 * Compiles a validated plan (see `validate`; null = match all) against a store. The columns
 * the plan reads are encoded now if they were not yet. Same answers as `compilePlan` on every
 * row: numbers and dates compare as the readers read them (NaN where a value does not read,
 * which no comparison passes), other kinds through the object predicate per distinct value.
 */
export function compileColumnar(plan: PlanNode | null, store: ColumnStore, ctx: ColumnarContext): ColumnarFilter {
  const shared = new Shared(store, ctx.now ?? Date.now, ctx.pool ?? new SelectionPool(store.size));
  return new ColumnarFilter(plan === null ? null : node(plan, shared, ctx), shared);
}
