import { describe, expect, it } from 'vitest';
import { viewCells } from '../../../../server/db/migrations/15-view-cells.ts';
import { COUNTRY_CELL } from '../../../../domain/firstView.ts';

describe('migration 15, the first view cell indexes', () => {
  it('indexes the cells of the country view the data core asks for', () => {
    // A shipped migration keeps its text: if the country cell ever changed, the view would thin
    // every find again instead of reading these indexes, and this fails first.
    for (const statement of viewCells.statements) expect(statement).toContain(`/ 2 / ${COUNTRY_CELL})`);
    expect(viewCells.statements).toHaveLength(2);
  });
});
