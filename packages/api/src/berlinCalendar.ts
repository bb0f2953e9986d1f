/**
 * The shop's calendar is Germany's (Europe/Berlin: CET in winter, CEST in summer), whatever zone the server process or
 * the database session runs in (UTC on PGlite; on PostgreSQL the server's `timezone` setting). Instants are stored as
 * timestamptz; a day, month or year a person reads is Berlin's.
 */
export const SHOP_TIME_ZONE = 'Europe/Berlin';

const yearFormat = new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric' });

/** The calendar year in Berlin at `at`: 31 December 23:30 UTC is already 1 January there. */
export const berlinYear = (at: Date): number => Number(yearFormat.format(at));

/**
 * SQL: `column` (timestamptz) lies on the Berlin calendar days `from` to `to`, both included (SQL parameters holding
 * 'YYYY-MM-DD'): from Berlin midnight to Berlin midnight, not the database session's.
 */
export const onBerlinDays = (column: string, from: string, to: string): string =>
  `${column} >= (${from}::date::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}')
   AND ${column} < ((${to}::date + 1)::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}')`;

/** SQL: `column` (timestamptz) lies in the Berlin month `param` (an SQL parameter holding 'YYYY-MM'), half open. */
export const inMonth = (column: string, param: string): string =>
  `${column} >= (to_date(${param}, 'YYYY-MM')::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}')
   AND ${column} < ((to_date(${param}, 'YYYY-MM') + interval '1 month')::timestamp AT TIME ZONE '${SHOP_TIME_ZONE}')`;
