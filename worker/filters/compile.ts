import type { Properties } from '../../domain/model.ts';
import { foldString } from '../../domain/filters/casefold.ts';
import type { PlanCondition, PlanNode } from '../../domain/filters/plan.ts';
import { datePredicate } from './predicates/date.ts';
import { keyPredicate } from './predicates/key.ts';
import { numberPredicate } from './predicates/number.ts';
import { booleanPredicate, nullPredicate } from './predicates/simple.ts';
import { textPredicate } from './predicates/text.ts';
import type { Predicate } from './predicates/types.ts';
import type { FilterInput } from '../../domain/filters/types.ts';
import { validate, type ColumnSource, type FilterLimits } from '../../domain/filters/validate.ts';

export type { Predicate } from './predicates/types.ts';

/** What compile needs besides the filter; defaults stated. */
export interface CompileContext {
  /** The columns of the table the records belong to. */
  columns: ColumnSource;
  /** The signed-in user's e-mail for equalsUserEmail; null = nobody (never matches). */
  userEmail: string | null;
  /** The clock of afterNow / beforeNow in epoch ms, read at each evaluation; default Date.now. */
  now?: () => number;
  /** Size limits; default DEFAULT_LIMITS. */
  limits?: Partial<FilterLimits>;
}

const matchAll: Predicate = () => true;
const matchNone: Predicate = () => false;

/** Compiles one validated condition (without its negate). */
function condition(c: PlanCondition, ctx: CompileContext): Predicate {
  // A numeric key: V8 then reads the integer-like property as an element without first
  // converting a string to an index (about 2.5x faster on 100k records).
  const key = c.column.id;
  const { op } = c;
  if (op === 'isNull' || op === 'isNotNull') return nullPredicate(key, op);
  if (op === 'equalsUserEmail') {
    if (ctx.userEmail === null || ctx.userEmail === undefined) return matchNone;
    return textPredicate(key, 'equals', [foldString(ctx.userEmail)]);
  }
  switch (c.valueKind) {
    case 'number':
      return numberPredicate(key, op, c.numbers);
    case 'text':
      return textPredicate(key, op, c.texts);
    case 'date':
      return datePredicate(key, op, c.instants, c.days, ctx.now ?? Date.now);
    case 'boolean':
      return booleanPredicate(key, op, c.booleans[0]!);
    case 'key':
      return keyPredicate(key, op, c.numbers, c.texts);
    default:
      throw new Error(`compile: no predicate for ${op} on ${c.valueKind}`);
  }
}

/** The first eight children of an unrolled `all` or `any` (absent ones are never called). */
type Unrolled = [Predicate, Predicate, Predicate, Predicate, Predicate, Predicate, Predicate, Predicate];

/**
 * All of `ps` (short-circuit, in order). Up to 8 children get a closure of their own arity, so
 * that each child has its own call site, which V8 can inline; one loop calling every child from
 * a single site would be megamorphic.
 */
function all(ps: Predicate[]): Predicate {
  const [a, b, c, d, e, f, g, h] = ps as Unrolled;
  switch (ps.length) {
    case 2:
      return (p) => a(p) && b(p);
    case 3:
      return (p) => a(p) && b(p) && c(p);
    case 4:
      return (p) => a(p) && b(p) && c(p) && d(p);
    case 5:
      return (p) => a(p) && b(p) && c(p) && d(p) && e(p);
    case 6:
      return (p) => a(p) && b(p) && c(p) && d(p) && e(p) && f(p);
    case 7:
      return (p) => a(p) && b(p) && c(p) && d(p) && e(p) && f(p) && g(p);
    case 8:
      return (p) => a(p) && b(p) && c(p) && d(p) && e(p) && f(p) && g(p) && h(p);
    default: {
      const n = ps.length;
      return (p) => {
        for (let i = 0; i < n; i++) if (!ps[i]!(p)) return false;
        return true;
      };
    }
  }
}

/** Any of `ps` (short-circuit, in order), unrolled like `all`. */
function any(ps: Predicate[]): Predicate {
  const [a, b, c, d, e, f, g, h] = ps as Unrolled;
  switch (ps.length) {
    case 2:
      return (p) => a(p) || b(p);
    case 3:
      return (p) => a(p) || b(p) || c(p);
    case 4:
      return (p) => a(p) || b(p) || c(p) || d(p);
    case 5:
      return (p) => a(p) || b(p) || c(p) || d(p) || e(p);
    case 6:
      return (p) => a(p) || b(p) || c(p) || d(p) || e(p) || f(p);
    case 7:
      return (p) => a(p) || b(p) || c(p) || d(p) || e(p) || f(p) || g(p);
    case 8:
      return (p) => a(p) || b(p) || c(p) || d(p) || e(p) || f(p) || g(p) || h(p);
    default: {
      const n = ps.length;
      return (p) => {
        for (let i = 0; i < n; i++) if (ps[i]!(p)) return true;
        return false;
      };
    }
  }
}

/**
 * A rough cost of evaluating a node, for ordering: an empty check, then numbers and booleans,
 * then text, then dates (parsed). Groups cost the sum of their children.
 */
function cost(n: PlanNode): number {
  if (n.kind !== 'condition') return n.children.reduce((sum, c) => sum + cost(c), 0);
  if (n.op === 'isNull' || n.op === 'isNotNull') return 1;
  switch (n.valueKind) {
    case 'number':
    case 'boolean':
      return 2;
    case 'key':
      return 3;
    case 'text':
      return n.op === 'equals' || n.op === 'equalsUserEmail' || n.op === 'in' ? 3 : 4;
    default:
      return 5;
  }
}

/**
 * Compiles a plan node. The children of a group are evaluated cheapest first (stable for equal
 * costs): predicates are pure and total, so And / Or give the same answer in any order.
 */
function node(n: PlanNode, ctx: CompileContext): Predicate {
  const ordered = (children: PlanNode[]): PlanNode[] =>
    children
      .map((c, i) => ({ c, i, k: cost(c) }))
      .sort((x, y) => x.k - y.k || x.i - y.i)
      .map((x) => x.c);
  const f =
    n.kind === 'condition'
      ? condition(n, ctx)
      : n.children.length === 1
        ? node(n.children[0]!, ctx)
        : (n.kind === 'and' ? all : any)(ordered(n.children).map((child) => node(child, ctx)));
  return n.negate ? (p: Properties) => !f(p) : f;
}

/**
 * Compiles a filter once into a predicate to run on many records (null or [] = match all).
 * Throws FilterError for an invalid filter. Semantics: docs in domain/filters/README.md.
 */
export function compile(filter: FilterInput | null | undefined, ctx: CompileContext): Predicate {
  const plan = validate(filter, ctx);
  return plan === null ? matchAll : node(plan, ctx);
}

/** Compiles an already validated plan (see validate); null = match all. */
export function compilePlan(plan: PlanNode | null, ctx: Omit<CompileContext, 'columns' | 'limits'>): Predicate {
  return plan === null ? matchAll : node(plan, { ...ctx, columns: [] });
}
