import type { ColumnStore } from '../../../../worker/filters/columnar/ColumnStore.ts';
import { compileColumnar } from '../../../../worker/filters/columnar/ColumnarFilter.ts';
import { compile, FilterError, validate } from '../../../../worker/filters/index.ts';
import type { FilterInput } from '../../../../domain/filters/types.ts';
import type { Column, Properties } from '../../../../domain/model.ts';

/** The data core's two filter engines run on one filter, for the suites that compare them with SQL. */

/** What the engines give for a filter: ids, or 'rejected' (then no columnar ids) when it is refused. */
export type EngineIds = { engine: number[]; columnar: number[] } | { engine: 'rejected'; columnar: null };

/** The ids of `records` (in `store`'s row order) where `filter` holds, by the object and the columnar engine. */
export function runEngines(
  filter: FilterInput,
  records: readonly { id: number; properties: Properties }[],
  store: ColumnStore,
  options: { columns: Map<number, Column>; userEmail: string | null; now: number },
): EngineIds {
  const { columns, userEmail, now } = options;
  try {
    const match = compile(filter, { columns, userEmail, now: () => now });
    const engine = records.filter((r) => match(r.properties)).map((r) => r.id);
    const columnar = compileColumnar(validate(filter, { columns }), store, { userEmail, now: () => now });
    const rows = columnar.rows.subarray(0, columnar.select());
    return { engine, columnar: Array.from(rows, (row) => records[row]!.id) };
  } catch (e) {
    if (!(e instanceof FilterError)) throw e;
    return { engine: 'rejected', columnar: null };
  }
}
