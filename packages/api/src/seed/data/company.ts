import type { Company } from '@lp/sdk/contract';
import { COMPANY_ALIAS } from '@lp/sdk/contract';

/** The single shop company (spec 1, spec 9: alias lp-de; shared decision: numeric id 1001). */
export const company: Company = {
  UniqueId: 1001,
  Alias: COMPANY_ALIAS,
  Name: 'Kennzeichen-Profi',
};
