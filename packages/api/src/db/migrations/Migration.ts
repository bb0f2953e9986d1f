/** One step of the schema (DESIGN 6: migrations are code). `id` is recorded in `schema_migrations`. */
export interface Migration {
  id: string;
  sql: string;
}
