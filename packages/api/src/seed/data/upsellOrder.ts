/**
 * spec 9: 22 product codes with prefixes FKZ and KZH, shown first in the cart's upsell list. FKZ-001 (funschild)
 * is the main-category-only product spec 4 still lets through.
 */
export const upsellOrder: string[] = [
  'FKZ-001',
  'KZH-001',
  'KZH-042',
  'KZH-009',
  'KZH-005',
  'KZH-029',
  'KZH-030',
  'FKZ-002',
  'FKZ-004',
  'KZH-013',
  'KZH-015',
  'KZH-044',
  'FKZ-005',
  'FKZ-007',
  'KZH-017',
  'KZH-023',
  'KZH-043',
  'FKZ-003',
  'FKZ-009',
  'KZH-025',
  'KZH-045',
  'FKZ-012',
];
