/**
 * The filter engine of SPEC §5 (pure: no DOM, no Node): validate a filter against a table's
 * columns, compile it once, evaluate it on many records. The server compiles the same plans
 * to SQL (server/filters/sql.ts). Semantics are written down in README.md.
 */
export { compile, compilePlan, type CompileContext, type Predicate } from './compile.ts';
export { validate, columnMap, DEFAULT_LIMITS, type ColumnSource, type FilterLimits } from './validate.ts';
export { validateSorts, type ValidSort } from './sorts.ts';
export { FilterError, type FilterErrorCode } from './FilterError.ts';
export { yearFilter, andAll, orAll } from './helpers.ts';
export { OPERATIONS, valueKindOf, type ValueKind, type OperationInfo, type Arity } from './operations.ts';
export type { PlanNode, PlanCondition, PlanGroup } from './plan.ts';
export * from './types.ts';
