/**
 * A jsonb column's value as stored: the PostgreSQL driver answers it parsed, PGlite (and a column read through a
 * text cast) may answer the JSON text. One reader for both, so every caller gets the value or null.
 */
export function jsonColumn<T>(value: T | string | null | undefined): T | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}
