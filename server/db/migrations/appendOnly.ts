/**
 * What makes `table` append-only: a trigger function `fn` that raises '<table> is append-only',
 * run before any update or delete of a row and before a truncate.
 */
export function appendOnly(table: string, fn: string): string[] {
  return [
    `create or replace function ${fn}() returns trigger language plpgsql as $$
       begin
         raise exception '${table} is append-only';
       end $$`,
    `create trigger ${table}_no_update before update or delete on ${table}
         for each row execute function ${fn}()`,
    `create trigger ${table}_no_truncate before truncate on ${table}
         for each statement execute function ${fn}()`,
  ];
}
