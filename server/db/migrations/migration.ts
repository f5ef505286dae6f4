/**
 * One step of the database schema: its version (recorded in schema_migrations once applied, see
 * server/db/migrate.ts) and its SQL statements, run in order in one transaction. The same SQL runs
 * on PGlite and PostgreSQL.
 */
export interface Migration {
  version: number;
  statements: string[];
}
