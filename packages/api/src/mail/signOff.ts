import type { Queryable } from '../db/Db';
import { articleText } from './articleText';

/** Who a mail of the shop comes from: the company's name and its Impressum as text (when the shop has one). */
export interface ShopSender {
  name: string;
  imprint?: string;
}

/**
 * The shop's name (seed: 'Kennzeichen-Profi') and its Impressum page as text, for mails that are not about one order.
 * The API serves one shop company; the lowest id is the shop when a data folder holds more than one.
 */
export async function shopSender(db: Queryable): Promise<ShopSender> {
  const [row] = await db.query<{ name: string; content: string | null }>(
    `SELECT c.name, a.data->>'Content' AS content FROM companies c
       LEFT JOIN articles a ON a.company_id = c.id AND lower(a.alias) = 'impressum'
     ORDER BY c.id LIMIT 1`,
  );
  const imprint = row?.content ? articleText(row.content) : '';
  return { name: row?.name ?? '', ...(imprint ? { imprint } : {}) };
}

/** The shop company's name for the mails of one order (its company). */
export async function shopName(db: Queryable, companyId: number): Promise<string> {
  const [row] = await db.query<{ name: string }>('SELECT name FROM companies WHERE id = $1', [companyId]);
  return row?.name ?? '';
}

/**
 * The closing of every mail the shop sends, as a German business letter ends (DIN 5008): greeting and sender. A
 * mail that stopped after its last link read as cut off and named nobody who wrote it.
 */
export function signOff(name: string): string[] {
  return ['', 'Mit freundlichen Grüßen', name.trim() ? `Ihr Team von ${name.trim()}` : 'Ihr Shop-Team'];
}

/**
 * A mail's closing with the sender's legal identity below the signature separator ("-- "): the Impressum (name,
 * legal form, seat, register court and number, managing director), which § 35a GmbHG asks of every business letter
 * to a named recipient, e-mails included. The order confirmation quotes it in full as "Ihr Vertragspartner".
 */
export function signOffWithImprint(sender: ShopSender): string[] {
  return [...signOff(sender.name), ...(sender.imprint ? ['', '-- ', sender.imprint] : [])];
}
