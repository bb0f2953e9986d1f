/**
 * A string as a PostgreSQL string literal, for the few statements sent without parameters (`Db.simpleQuery`).
 * Same rule as node-postgres' `escapeLiteral`: quotes doubled; with a backslash, backslashes doubled too and the
 * `E'...'` form, so the literal means the same whatever `standard_conforming_strings` says. A NUL character cannot
 * be sent in a statement, so it is refused (JSON text never holds one: JSON.stringify writes it as \u0000).
 *
 * @example sqlLiteral("it's") // "'it''s'"
 */
export function sqlLiteral(value: string): string {
  if (value.includes('\u0000')) throw new Error('A SQL literal cannot hold a NUL character.');
  const quoted = value.replaceAll("'", "''");
  return value.includes('\\') ? ` E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}
