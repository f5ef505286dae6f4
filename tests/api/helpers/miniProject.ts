import { openDb, type Db } from '../../../server/db/index.ts';

/**
 * An in-memory database with one small project for in-process server tests: project 1, point
 * table 10, columns 100 'ID' (the key), 101 (as given) and 102 'JAVNO' (Boolean).
 */
export async function openMiniProject(column101: { dbName: string; name: string; type: string }): Promise<Db> {
  const db = await openDb({ dataDir: null });
  await db.exec(`
    insert into projects (id, name) values (1, 'P');
    insert into platform_tables (id, project_id, name, geometry_type) values (10, 1, 'T', 2);`);
  await db.query(
    `insert into platform_columns (id, table_id, db_name, name, type, position) values
       (100, 10, 'ID', 'ID', 'Integer', 0), (101, 10, $1, $2, $3, 1), (102, 10, 'JAVNO', 'Javno', 'Boolean', 2)`,
    [column101.dbName, column101.name, column101.type],
  );
  await db.exec('update platform_columns set is_pk = true where id = 100;');
  return db;
}
