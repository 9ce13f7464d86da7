/**
 * Whether `error` is a violation of the (partial) unique index `index`, as each driver names it:
 * PostgreSQL by the index's name, SQLite by its columns (`table.column, table.column`).
 */
export function violatesUniqueIndex(error: unknown, index: string, sqliteColumns: string): boolean {
  const { code, constraint, message } = error as {
    code?: string;
    constraint?: string;
    message?: string;
  };
  if (code === '23505') return constraint === index;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && message?.includes(sqliteColumns) === true;
}
