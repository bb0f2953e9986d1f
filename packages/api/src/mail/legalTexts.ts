import type { Article } from '@lp/sdk/contract';
import type { Queryable } from '../db/Db';
import { articleText } from './articleText';
import type { LegalText, OrderMailInput } from './orderConfirmationMail';

/** The information pages mails quote (seed aliases; spec 2 routes /impressum, /widerrufsrecht, /agb). */
const LEGAL_ALIASES = { provider: 'impressum', withdrawal: 'widerrufsrecht', terms: 'agb' } as const;

/**
 * Impressum, Widerrufsbelehrung and AGB of a company as text, as the shop shows them now (missing pages are left
 * out). Without `companyId` the shop's: the lowest company id, as `shopSender` reads it.
 */
export async function legalTexts(db: Queryable, companyId?: number): Promise<OrderMailInput['legal']> {
  const rows = await db.query<{ data: Article }>(
    `SELECT data FROM articles
      WHERE company_id = COALESCE($1, (SELECT min(id) FROM companies)) AND lower(alias) = ANY($2::text[])`,
    [companyId ?? null, Object.values(LEGAL_ALIASES)],
  );
  const byAlias = new Map(rows.map((row) => [row.data.Alias.toLowerCase(), row.data]));
  const text = (alias: string): LegalText | undefined => {
    const page = byAlias.get(alias);
    return page && { title: page.Title, text: articleText(page.Content ?? '') };
  };
  return {
    provider: text(LEGAL_ALIASES.provider),
    withdrawal: text(LEGAL_ALIASES.withdrawal),
    terms: text(LEGAL_ALIASES.terms),
  };
}
