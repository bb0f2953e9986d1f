import type { Company } from '@lp/sdk/contract';
import { COMPANY_ALIAS } from '@lp/sdk/contract';
import type { SeedSeller } from '../seedTypes';
import { CONTACT } from './contactDetails';

/** The single shop company (spec 1, spec 9: alias lp-de; shared decision: numeric id 1001). */
export const company: Company = {
  UniqueId: 1001,
  Alias: COMPANY_ALIAS,
  Name: 'Kennzeichen-Profi',
};

/**
 * The seller on the shop's invoices (§ 14 (4) no. 1, 2 UStG), the same sample identity as the Impressum, and the
 * standard VAT rate its prices carry (19 %; the operator changes it in `companies.vat_rate`).
 */
export const seller: SeedSeller = {
  legalName: CONTACT.companyName,
  street: CONTACT.street,
  postcode: CONTACT.postcode,
  city: CONTACT.city,
  vatId: CONTACT.vatId,
  vatRate: 19,
  contactName: 'Buchhaltung (Beispiel)',
  contactPhone: CONTACT.phones[1].number,
  contactEmail: CONTACT.email,
};
