import { CompanyId } from '@lp/sdk/contract/schemas';
import { Value } from '@sinclair/typebox/value';

/**
 * A company id that arrives as text outside a query schema (a path parameter, a multipart form field): decimal
 * digits within the contract's `CompanyId` range, else undefined. The range matters, not only the digits: the
 * column is a PostgreSQL integer, and `2147483648` there is an error of the database (a 500), not an unknown company.
 */
export function companyIdFromText(raw: string): number | undefined {
  const text = raw.trim();
  if (!/^\d{1,10}$/.test(text)) return undefined;
  const id = Number(text);
  return Value.Check(CompanyId, id) ? id : undefined;
}
