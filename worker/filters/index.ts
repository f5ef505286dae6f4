/**
 * The filter engine (pure: no DOM, no Node): validate a filter against a table's
 * columns, compile it once, evaluate it on many records. The server compiles the same plans
 * to SQL (server/filters/sql.ts). Semantics are written down in domain/filters/README.md.
 */
export { compile, compilePlan, type CompileContext, type Predicate } from './compile.ts';
export {
  validate,
  columnMap,
  DEFAULT_LIMITS,
  type ColumnSource,
  type FilterLimits,
} from '../../domain/filters/validate.ts';
export { validateSorts, type ValidSort } from '../../domain/filters/sorts.ts';
export { FilterError, type FilterErrorCode } from '../../domain/filters/FilterError.ts';
export { yearFilter, andAll, orAll } from '../../domain/filters/helpers.ts';
export {
  OPERATIONS,
  valueKindOf,
  type ValueKind,
  type OperationInfo,
  type Arity,
} from '../../domain/filters/operations.ts';
export type { PlanNode, PlanCondition, PlanGroup } from '../../domain/filters/plan.ts';
export * from '../../domain/filters/types.ts';
