import type { Column } from '../model.ts';
import { FilterError } from './FilterError.ts';
import { booleanLiteral, dayLiteral, instantLiteral, numberLiteral, textLiteral } from './literals.ts';
import { NUMERIC_ONLY_ON_KEY, OPERATIONS, TEXT_ONLY_ON_KEY, valueKindOf, type ValueKind } from './operations.ts';
import type { PlanCondition, PlanGroup, PlanNode } from './plan.ts';
import type { FilterInput, FilterValue, OperationType } from './types.ts';

/** The columns a filter may refer to, by id or as a list. */
export type ColumnSource = ReadonlyMap<number, Column> | readonly Column[];

/** Limits that keep a hostile filter from costing the server much; defaults stated. */
export interface FilterLimits {
  /** Conditions in the whole filter; default 1000. */
  maxConditions: number;
  /** Nesting depth of expressions; default 64. */
  maxDepth: number;
  /** Values of one in / notIn condition; default 5000. */
  maxValues: number;
}

/** The default FilterLimits. */
export const DEFAULT_LIMITS: Readonly<FilterLimits> = { maxConditions: 1000, maxDepth: 64, maxValues: 5000 };

/** Turns a list of columns into a map by id (a map is returned as is). */
export function columnMap(columns: ColumnSource): ReadonlyMap<number, Column> {
  if (!Array.isArray(columns)) return columns as ReadonlyMap<number, Column>;
  return new Map((columns as readonly Column[]).map((c) => [c.id, c]));
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const describe = (c: Column): string => `column ${c.id} (${c.dbName}, ${c.type})`;
const KIND_NAMES: Record<ValueKind, string> = {
  number: 'number',
  text: 'text',
  date: 'ISO 8601 date',
  boolean: 'boolean',
  key: 'number or text',
  none: 'value',
};

/** Joins a and b, flattening un-negated groups of the same kind into one. */
function join(kind: 'and' | 'or', a: PlanNode, b: PlanNode, negate: boolean): PlanGroup {
  const parts = (n: PlanNode): PlanNode[] => (n.kind === kind && !n.negate ? n.children : [n]);
  return { kind, children: [...parts(a), ...parts(b)], negate };
}

/** One validation run: counts conditions against the limits. */
class Validator {
  private conditions = 0;

  constructor(
    private readonly columns: ReadonlyMap<number, Column>,
    private readonly limits: FilterLimits,
  ) {}

  input(filter: unknown): PlanNode | null {
    if (filter === null || filter === undefined) return null;
    if (Array.isArray(filter)) return this.list(filter);
    return this.node(filter, '', 0);
  }

  private list(items: unknown[]): PlanNode | null {
    let acc: PlanNode | null = null;
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      const path = `[${i}]`;
      if (!isObj(item) || item.type !== 'condition') {
        throw new FilterError('A filter list may only hold conditions', 'shape', path);
      }
      const c = this.condition(item, path);
      acc = acc === null ? c : join(item.joinType === 'Or' ? 'or' : 'and', acc, c, false);
    }
    return acc;
  }

  private node(n: unknown, path: string, depth: number): PlanNode {
    if (depth > this.limits.maxDepth)
      throw new FilterError(`Filter nested deeper than ${this.limits.maxDepth}`, 'tooComplex', path);
    if (!isObj(n)) throw new FilterError('Expected a condition or an expression', 'shape', path);
    if (n.type === 'condition') return this.condition(n, path);
    if (n.type !== 'expression') throw new FilterError(`Unknown node type ${JSON.stringify(n.type)}`, 'shape', path);
    if (n.joinType !== 'And' && n.joinType !== 'Or') {
      throw new FilterError(
        `An expression needs joinType 'And' or 'Or', got ${JSON.stringify(n.joinType)}`,
        'shape',
        path,
      );
    }
    const negate = this.flag(n.negate, path);
    const dot = path ? `${path}.` : '';
    const left = this.node(n.left, `${dot}left`, depth + 1);
    const right = this.node(n.right, `${dot}right`, depth + 1);
    return join(n.joinType === 'And' ? 'and' : 'or', left, right, negate);
  }

  private flag(v: unknown, path: string): boolean {
    if (v === undefined || v === null || typeof v === 'boolean') return v === true;
    throw new FilterError('negate must be a boolean', 'shape', path);
  }

  private condition(n: Obj, path: string): PlanCondition {
    if (++this.conditions > this.limits.maxConditions) {
      throw new FilterError(`Filter has more than ${this.limits.maxConditions} conditions`, 'tooComplex', path);
    }
    const id = n.columnId;
    if (typeof id !== 'number' || !Number.isSafeInteger(id)) {
      throw new FilterError(`columnId must be an integer, got ${JSON.stringify(id)}`, 'shape', path);
    }
    const column = this.columns.get(id);
    if (!column) throw new FilterError(`Unknown column ${id}`, 'unknownColumn', path, id);
    const op = n.operationType;
    if (typeof op !== 'string' || !Object.prototype.hasOwnProperty.call(OPERATIONS, op)) {
      throw new FilterError(
        `Unknown operation ${JSON.stringify(op)} on ${describe(column)}`,
        'unknownOperation',
        path,
        id,
        String(op),
      );
    }
    const operation = op as OperationType;
    if (n.joinType !== undefined && n.joinType !== null && n.joinType !== 'And' && n.joinType !== 'Or') {
      throw new FilterError(`joinType must be 'And' or 'Or', got ${JSON.stringify(n.joinType)}`, 'shape', path, id, op);
    }
    const negate = this.flag(n.negate, path);
    const info = OPERATIONS[operation];
    const kind = valueKindOf(column);
    if (!info.kinds.includes(kind)) {
      throw new FilterError(
        `Operation '${op}' is not allowed on ${describe(column)}`,
        'operationNotAllowed',
        path,
        id,
        op,
      );
    }
    const raw = n.values === undefined || n.values === null ? [] : n.values;
    if (!Array.isArray(raw)) throw new FilterError(`values of '${op}' must be a list`, 'shape', path, id, op);
    const count = raw.length;
    const ok = info.arity === 'list' ? count >= 1 && count <= this.limits.maxValues : count === info.arity;
    if (!ok) {
      const want =
        info.arity === 'list'
          ? `1 to ${this.limits.maxValues} values`
          : `${info.arity} value${info.arity === 1 ? '' : 's'}`;
      throw new FilterError(
        `Operation '${op}' on ${describe(column)} takes ${want}, got ${count}`,
        'valueCount',
        path,
        id,
        op,
      );
    }
    const plan: PlanCondition = {
      kind: 'condition',
      column,
      key: String(id),
      valueKind: kind,
      op: operation,
      negate,
      numbers: [],
      texts: [],
      instants: [],
      days: [],
      booleans: [],
    };
    for (const v of raw as unknown[]) this.literal(plan, v, path);
    return plan;
  }

  /** Reads one literal into the plan's list for the column's kind, or throws 'badValue'. */
  private literal(plan: PlanCondition, v: unknown, path: string): void {
    const { column, op, valueKind } = plan;
    const bad = (what: string): FilterError =>
      new FilterError(
        `Value ${JSON.stringify(v) ?? String(v)} of '${op}' is not a valid ${what} for ${describe(column)}`,
        'badValue',
        path,
        column.id,
        op,
      );
    if (v === null)
      throw new FilterError(
        `Value null of '${op}' on ${describe(column)}: use isNull / isNotNull`,
        'badValue',
        path,
        column.id,
        op,
      );
    if (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean') throw bad(KIND_NAMES[valueKind]);
    const value = v as FilterValue;
    const push = <T>(list: T[], read: T | null, what: string): void => {
      if (read === null) throw bad(what);
      list.push(read);
    };
    switch (valueKind) {
      case 'number':
        return push(plan.numbers, numberLiteral(value), 'number');
      case 'text':
        return push(plan.texts, textLiteral(value), 'text');
      case 'boolean':
        return push(plan.booleans, booleanLiteral(value), 'boolean');
      case 'date':
        if (op === 'dateEquals' || op === 'dateNotEquals') return push(plan.days, dayLiteral(value), 'ISO 8601 date');
        return push(plan.instants, instantLiteral(value), 'ISO 8601 date');
      case 'key': {
        if (TEXT_ONLY_ON_KEY.has(op)) return push(plan.texts, textLiteral(value), 'text');
        const n = numberLiteral(value);
        if (n !== null) return push(plan.numbers, n, 'number');
        if (NUMERIC_ONLY_ON_KEY.has(op)) throw bad('number');
        return push(plan.texts, textLiteral(value), 'number or text');
      }
      default:
        throw bad(KIND_NAMES[valueKind]);
    }
  }
}

/**
 * Checks a filter against the columns and returns its plan (null = no filter, match all);
 * throws FilterError naming the first problem. Input from JSON is checked in full: shapes,
 * columns, operations per column type, value counts and every literal.
 */
export function validate(
  filter: FilterInput | null | undefined,
  ctx: { columns: ColumnSource; limits?: Partial<FilterLimits> },
): PlanNode | null {
  const limits = { ...DEFAULT_LIMITS, ...ctx.limits };
  return new Validator(columnMap(ctx.columns), limits).input(filter as unknown);
}
