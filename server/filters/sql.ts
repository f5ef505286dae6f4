import type { Column } from '../../domain/model.ts';
import { formatDay, formatInstantUtc } from '../../domain/filters/calendar.ts';
import { foldString } from '../../domain/filters/casefold.ts';
import { FilterError } from '../../domain/filters/FilterError.ts';
import type { PlanCondition, PlanNode } from '../../domain/filters/plan.ts';
import type { FilterInput, OperationType } from '../../domain/filters/types.ts';
import { validate, type FilterLimits } from '../../domain/filters/validate.ts';
import { badRequest } from '../http/errors.ts';
import { booleanSql, daySql, emptySql, instantSql, numberSql, propertySql } from './valueSql.ts';

export { compileSortSql } from './sort.ts';

/** What compileFilterSql needs; defaults stated. */
export interface FilterSqlContext {
  /** The columns of the queried table. */
  columns: ReadonlyMap<number, Column> | readonly Column[];
  /** The caller's e-mail for equalsUserEmail; null = nobody (never matches). */
  userEmail: string | null;
  /** Parameters so far; every literal is pushed here and referred to as $n. */
  params: unknown[];
  /** The jsonb properties column, e.g. 'r.properties' (identifiers and dots only). */
  propertiesSql: string;
  /** The clock of afterNow / beforeNow in epoch ms, passed as a parameter; default Date.now. */
  now?: () => number;
  /** Size limits; default DEFAULT_LIMITS of the engine. */
  limits?: Partial<FilterLimits>;
}

/** Builds the SQL of one plan; holds the context while it pushes parameters. */
class SqlBuilder {
  private nowParam: string | null = null;

  constructor(private readonly ctx: FilterSqlContext) {}

  /** Pushes a literal and returns its placeholder with an explicit cast. */
  private param(value: unknown, cast: string): string {
    this.ctx.params.push(value);
    return `$${this.ctx.params.length}::${cast}`;
  }

  node(n: PlanNode): string {
    const sql =
      n.kind === 'condition'
        ? this.condition(n)
        : n.children.length === 1
          ? this.node(n.children[0]!)
          : `(${n.children.map((c) => this.node(c)).join(n.kind === 'and' ? ' and ' : ' or ')})`;
    return n.negate ? `(not ${sql})` : sql;
  }

  /** One condition as a boolean that is never NULL (so that `not` inverts it exactly). */
  private condition(c: PlanCondition): string {
    const x = propertySql(this.ctx.propertiesSql, c.key);
    const { op } = c;
    if (op === 'isNull') return emptySql(x);
    if (op === 'isNotNull') return `(not ${emptySql(x)})`;
    if (op === 'equalsUserEmail') {
      const email = this.ctx.userEmail;
      return email === null || email === undefined ? 'false' : this.text(x, 'equals', [foldString(email)]);
    }
    switch (c.valueKind) {
      case 'number':
        return this.compare(
          numberSql(x),
          op,
          c.numbers.map((n) => this.param(String(n), 'numeric')),
        );
      case 'text':
        return this.text(x, op, c.texts);
      case 'boolean':
        return this.compare(booleanSql(x), op, [this.param(c.booleans[0], 'boolean')]);
      case 'date':
        return this.date(x, c);
      case 'key':
        return this.key(x, c);
      default:
        throw new Error(`compileFilterSql: no SQL for ${op} on ${c.valueKind}`);
    }
  }

  /** A comparison of a typed expression (NULL when unreadable) with placeholders. */
  private compare(expr: string, op: OperationType, lits: string[]): string {
    const [a, b] = lits;
    const cmp = (sql: string): string => `coalesce(${sql}, false)`;
    switch (op) {
      case 'equals':
      case 'dateEquals':
        return cmp(`${expr} = ${a}`);
      case 'notEquals':
      case 'dateNotEquals':
        return cmp(`${expr} <> ${a}`);
      case 'lessThan':
      case 'beforeNow':
        return cmp(`${expr} < ${a}`);
      case 'greaterThan':
      case 'afterNow':
        return cmp(`${expr} > ${a}`);
      case 'lessOrEqual':
        return cmp(`${expr} <= ${a}`);
      case 'greaterOrEqual':
        return cmp(`${expr} >= ${a}`);
      case 'inRange':
        return cmp(`${expr} between ${a} and ${b}`);
      case 'notInRange':
        return cmp(`not (${expr} between ${a} and ${b})`);
      case 'in':
        return cmp(`${expr} in (${lits.join(', ')})`);
      case 'notIn':
        return cmp(`${expr} not in (${lits.join(', ')})`);
      default:
        throw new Error(`compileFilterSql: unexpected comparison ${op}`);
    }
  }

  /** A case-insensitive text comparison; empty values never match. */
  private text(x: string, op: OperationType, texts: readonly string[]): string {
    const lits = texts.map((t) => this.param(t, 'text'));
    const a = lits[0];
    const guarded = (sql: string): string => `coalesce(${x} <> '' and ${sql}, false)`;
    switch (op) {
      case 'equals':
        return guarded(`lower(${x}) = ${a}`);
      case 'notEquals':
        return guarded(`lower(${x}) <> ${a}`);
      case 'contains':
        return guarded(`strpos(lower(${x}), ${a}) > 0`);
      case 'notContains':
        return guarded(`strpos(lower(${x}), ${a}) = 0`);
      case 'startsWith':
        return guarded(`starts_with(lower(${x}), ${a})`);
      case 'endsWith':
        return guarded(`right(lower(${x}), char_length(${a})) = ${a}`);
      case 'in':
        return guarded(`lower(${x}) in (${lits.join(', ')})`);
      case 'notIn':
        return guarded(`lower(${x}) not in (${lits.join(', ')})`);
      default:
        throw new Error(`compileFilterSql: unexpected text operation ${op}`);
    }
  }

  /** Date conditions: instants as UTC timestamps, calendar days as dates, now as a parameter. */
  private date(x: string, c: PlanCondition): string {
    const { op } = c;
    if (op === 'dateEquals' || op === 'dateNotEquals') {
      return this.compare(
        daySql(x),
        op,
        c.days.map((d) => this.param(formatDay(d), 'date')),
      );
    }
    if (op === 'afterNow' || op === 'beforeNow') {
      this.nowParam ??= this.param(formatInstantUtc((this.ctx.now ?? Date.now)() * 1000), 'timestamptz');
      return this.compare(instantSql(x), op, [this.nowParam]);
    }
    return this.compare(
      instantSql(x),
      op,
      c.instants.map((us) => this.param(formatInstantUtc(us), 'timestamptz')),
    );
  }

  /** Key columns: numeric literals compare numerically, the others as text (predicates/key.ts). */
  private key(x: string, c: PlanCondition): string {
    const { op } = c;
    const anyOf = (): string => {
      const parts: string[] = [];
      if (c.numbers.length) {
        const lits = c.numbers.map((n) => this.param(String(n), 'numeric'));
        parts.push(this.compare(numberSql(x), lits.length === 1 ? 'equals' : 'in', lits));
      }
      if (c.texts.length) parts.push(this.text(x, c.texts.length === 1 ? 'equals' : 'in', c.texts));
      return parts.length === 1 ? parts[0]! : `(${parts.join(' or ')})`;
    };
    switch (op) {
      case 'equals':
      case 'in':
        return anyOf();
      case 'notEquals':
      case 'notIn':
        return `(not ${emptySql(x)} and not ${anyOf()})`;
      case 'contains':
      case 'notContains':
      case 'startsWith':
      case 'endsWith':
        return this.text(x, op, c.texts);
      default:
        return this.compare(
          numberSql(x),
          op,
          c.numbers.map((n) => this.param(String(n), 'numeric')),
        );
    }
  }
}

/**
 * Compiles a filter (null, undefined or [] = match all) to a SQL boolean expression over the
 * jsonb `ctx.propertiesSql`, with the same semantics as the engine's compile(). Every literal
 * goes into `ctx.params` as $n. Throws badRequest (HTTP 400) for an invalid filter.
 */
export function compileFilterSql(filter: FilterInput | null | undefined, ctx: FilterSqlContext): string {
  let plan: PlanNode | null;
  try {
    plan = validate(filter, { columns: ctx.columns, limits: ctx.limits });
  } catch (e) {
    if (e instanceof FilterError) throw badRequest(`Invalid filter: ${e.message}`);
    throw e;
  }
  return plan === null ? 'true' : new SqlBuilder(ctx).node(plan);
}
