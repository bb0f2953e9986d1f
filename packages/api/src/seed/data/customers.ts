import type { SeedCustomer } from '../seedTypes';

/**
 * The demo account (docs/reference/demo-catalogue.md). The password is public on purpose: it is demo data and is
 * hashed on insert like any other.
 */
export const customers: SeedCustomer[] = [
  {
    id: 1,
    email: 'demo@lp-de.example',
    password: 'Demo1234!',
    name: 'Max',
    lastName: 'Mustermann',
    customerCompanyId: 2001,
    customerCompanyGroupRoleId: 3001,
  },
];
