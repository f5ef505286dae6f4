import { US_PER_DAY } from '../../domain/filters/calendar.ts';
import { foldString } from '../../domain/filters/casefold.ts';
import { ljubljanaLocalToUtcUs } from '../../domain/filters/ljubljana.ts';
import type { PlanCondition, PlanNode } from '../../domain/filters/plan.ts';

/**
 * The nearest MapLibre expression (`featureFilter`) to a validated filter, for a developer's own
 * filters. Each condition is guarded by the type the stored values should have (numbers for
 * number columns, strings for dates and text), text is compared through `downcase`, dates as
 * ISO 8601 UTC strings ('YYYY-MM-DDTHH:MM:SS.sssZ'), the clock of afterNow / beforeNow is frozen
 * at translation. So the expression gives the engine's answers only on data stored that way:
 * the bench compares both on every record and reports no MapLibre ratio when they differ.
 * Returns a reason string when a condition has no equivalent at all.
 */
export function toMapLibre(plan: PlanNode | null, userEmail: string | null, nowMs: number): unknown[] | string {
  if (plan === null) return ['literal', true];
  try {
    return node(plan, userEmail, nowMs);
  } catch (e) {
    return (e as Error).message;
  }
}

type Expr = unknown[];
const not = (e: unknown): Expr => ['!', e];
const all = (...es: unknown[]): Expr => ['all', ...es];
const any = (...es: unknown[]): Expr => ['any', ...es];
const lit = (v: unknown): unknown => (Array.isArray(v) ? ['literal', v] : v);
/** An ISO 8601 UTC string of an instant in epoch microseconds (millisecond precision). */
function iso(us: number): string {
  if (us % 1000 !== 0) throw new Error('a date literal finer than a millisecond has no ISO string equivalent');
  return new Date(us / 1000).toISOString();
}

function node(n: PlanNode, userEmail: string | null, nowMs: number): Expr {
  const e =
    n.kind === 'condition'
      ? condition(n, userEmail, nowMs)
      : (n.kind === 'and' ? all : any)(...n.children.map((c) => node(c, userEmail, nowMs)));
  return n.negate ? not(e) : e;
}

/** The operations that compare a value with one literal, and their MapLibre operator. */
const COMPARISONS: Partial<Record<PlanCondition['op'], string>> = {
  equals: '==',
  notEquals: '!=',
  lessThan: '<',
  lessOrEqual: '<=',
  greaterThan: '>',
  greaterOrEqual: '>=',
};

/** Comparisons of a value with the literals, for ordered kinds (numbers, ISO strings). */
function compare(g: Expr, op: PlanCondition['op'], lits: readonly unknown[]): Expr {
  const [a, b] = lits;
  const operator = COMPARISONS[op];
  if (operator) return [operator, g, a];
  switch (op) {
    case 'inRange':
      return all(['>=', g, a], ['<=', g, b]);
    case 'notInRange':
      return any(['<', g, a], ['>', g, b]);
    case 'in':
      return ['in', g, lit(lits)];
    case 'notIn':
      return not(['in', g, lit(lits)]);
    default:
      throw new Error(`no MapLibre equivalent of '${op}'`);
  }
}

/** Text operations on the downcased text of a value. */
function text(t: Expr, op: PlanCondition['op'], lits: readonly string[]): Expr {
  const a = lits[0] ?? '';
  switch (op) {
    case 'contains':
      return ['in', a, t];
    case 'notContains':
      return not(['in', a, t]);
    case 'startsWith':
      return ['==', ['index-of', a, t], 0];
    case 'endsWith':
      return a.length === 0 ? ['literal', true] : ['==', ['slice', t, ['-', ['length', t], a.length]], a];
    default:
      return compare(t, op, lits);
  }
}

function condition(c: PlanCondition, userEmail: string | null, nowMs: number): Expr {
  const g: Expr = ['get', c.key];
  const empty = any(['==', g, null], ['==', g, '']);
  const typed = (type: string, e: Expr): Expr => all(['==', ['typeof', g], type], e);
  const t: Expr = ['downcase', ['to-string', g]];
  const asText = (e: Expr): Expr => all(not(empty), e);
  if (c.op === 'isNull') return empty;
  if (c.op === 'isNotNull') return not(empty);
  if (c.op === 'equalsUserEmail')
    return userEmail === null ? ['literal', false] : asText(['==', t, foldString(userEmail)]);
  switch (c.valueKind) {
    case 'number':
      return typed('number', compare(g, c.op, c.numbers));
    case 'date': {
      if (c.op === 'afterNow') return typed('string', ['>', g, iso(nowMs * 1000)]);
      if (c.op === 'beforeNow') return typed('string', ['<', g, iso(nowMs * 1000)]);
      if (c.op === 'dateEquals' || c.op === 'dateNotEquals') {
        // The Ljubljana day as a range of instants.
        const day = c.days[0]!;
        const from = iso(ljubljanaLocalToUtcUs(day * US_PER_DAY));
        const to = iso(ljubljanaLocalToUtcUs((day + 1) * US_PER_DAY));
        const inDay = all(['>=', g, from], ['<', g, to]);
        return typed('string', c.op === 'dateEquals' ? inDay : not(inDay));
      }
      return typed('string', compare(g, c.op, c.instants.map(iso)));
    }
    case 'boolean':
      return ['==', g, c.op === 'equals' ? c.booleans[0]! : !c.booleans[0]!];
    case 'text':
      return asText(text(t, c.op, c.texts));
    case 'key': {
      const byNumber = c.numbers.length
        ? typed('number', compare(g, c.op === 'notEquals' || c.op === 'notIn' ? 'in' : c.op, c.numbers))
        : null;
      const byText = c.texts.length
        ? asText(text(t, c.op === 'notEquals' || c.op === 'notIn' ? 'in' : c.op, c.texts))
        : null;
      const hit = byNumber && byText ? any(byNumber, byText) : (byNumber ?? byText)!;
      return c.op === 'notEquals' || c.op === 'notIn' ? all(not(empty), not(hit)) : hit;
    }
    default:
      throw new Error(`no MapLibre equivalent of '${c.op}' on ${c.column.type}`);
  }
}
