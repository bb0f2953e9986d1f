import { scryptSync } from 'node:crypto';
import type { Db, Queryable } from '../db/Db';
import { toCents } from '../money';
import type { SeedData } from './seedTypes';

const SEED_LOCK = 727_302;

/** Password hash for seeded customers: scrypt with a per-user salt (`scrypt$salt$hash`). */
export function hashPassword(password: string, salt: string): string {
  return `scrypt$${salt}$${scryptSync(password, salt, 32).toString('hex')}`;
}

/**
 * Inserts the demo shop once (DESIGN 6: seed is code, idempotent). A database that already holds the company is
 * left untouched, so restarts keep carts, orders and any edits.
 */
export async function seed(db: Db, data: SeedData): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const existing = await tx.query('SELECT 1 FROM companies WHERE id = $1', [data.company.UniqueId]);
    if (existing.length > 0) return false;
    await insertAll(tx, data);
    return true;
  });
}

async function insertAll(tx: Queryable, data: SeedData): Promise<void> {
  const companyId = data.company.UniqueId;
  const {
    legalName = null,
    street = null,
    postcode = null,
    city = null,
    vatId = null,
    vatRate = 19,
    contactName = null,
    contactPhone = null,
    contactEmail = null,
  } = data.seller ?? {};
  await tx.query(
    `INSERT INTO companies (id, alias, name, legal_name, street, postcode, city, vat_id, vat_rate, contact_name,
                            contact_phone, contact_email)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      companyId,
      data.company.Alias,
      data.company.Name,
      legalName,
      street,
      postcode,
      city,
      vatId,
      vatRate,
      contactName,
      contactPhone,
      contactEmail,
    ],
  );
  for (const [i, c] of data.categories.entries()) {
    await tx.query(
      'INSERT INTO categories (id, company_id, parent_id, alias, name, position) VALUES ($1, $2, $3, $4, $5, $6)',
      [c.UniqueId, companyId, c.ParentId, c.Alias, c.Name, i],
    );
  }
  for (const [i, p] of data.products.entries()) {
    await tx.query(
      `INSERT INTO products (unique_id, company_id, alias, price_cents, min_quantity, position, data)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)`,
      [p.UniqueId, companyId, p.Alias, toCents(p.Price), Math.max(1, p.MinQuantity), i, JSON.stringify(p)],
    );
    for (const v of p.Variants) {
      await tx.query(
        `INSERT INTO product_variants (unique_id, product_unique_id, price_cents, data)
         VALUES ($1, $2, $3, $4::jsonb)`,
        [v.UniqueId, p.UniqueId, toCents(v.Price ?? p.Price), JSON.stringify(v)],
      );
    }
  }
  for (const [i, d] of data.discounts.entries()) {
    await tx.query(
      'INSERT INTO discounts (company_id, product_key, position, data) VALUES ($1, $2, $3, $4::jsonb)',
      [companyId, d.ProductKey, i, JSON.stringify(d)],
    );
  }
  for (const [i, a] of data.articles.entries()) {
    await tx.query(
      'INSERT INTO articles (company_id, alias, position, data) VALUES ($1, $2, $3, $4::jsonb)',
      [companyId, a.Alias, i, JSON.stringify(a)],
    );
  }
  for (const [i, m] of data.shippingMethods.entries()) {
    await tx.query(
      `INSERT INTO shipping_methods (id, company_id, name, active, position, delivery_time)
       VALUES ($1, $2, $3, true, $4, $5)`,
      [m.id, companyId, m.name, i, m.deliveryTime ?? null],
    );
    for (const [j, r] of m.shippingRates.entries()) {
      await tx.query(
        `INSERT INTO shipping_rates (method_id, position, rate_cents, min_order_cents)
         VALUES ($1, $2, $3, $4)`,
        [m.id, j, toCents(r.rate), toCents(r.minOrderAmount)],
      );
    }
  }
  for (const [i, t] of data.paymentTypes.entries()) {
    await tx.query(
      'INSERT INTO payment_types (company_id, id, name, brands, position) VALUES ($1, $2, $3, $4::jsonb, $5)',
      [companyId, t.id, t.name, JSON.stringify(t.brands), i],
    );
  }
  for (const c of data.coupons) {
    await tx.query(
      `INSERT INTO coupons (company_id, code, kind, value_amount, min_order_cents, valid_until)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [
        c.companyId,
        c.code.toUpperCase(),
        c.kind,
        // percent in hundredths of a percent, fixed in cents: both are value x 100.
        toCents(c.value),
        toCents(c.minOrderAmount),
        c.validUntil,
      ],
    );
  }
  for (const c of data.customers) {
    await tx.query(
      `INSERT INTO customers (id, email, password_hash, name, last_name, customer_company_id,
       customer_company_group_role_id) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        c.id,
        c.email.toLowerCase(),
        hashPassword(c.password, `lp-${c.id}`),
        c.name,
        c.lastName,
        c.customerCompanyId,
        c.customerCompanyGroupRoleId,
      ],
    );
  }
  for (const [i, key] of data.upsellOrder.entries()) {
    await tx.query(
      'INSERT INTO upsell_order (company_id, product_key, position) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [companyId, key, i],
    );
  }
}
