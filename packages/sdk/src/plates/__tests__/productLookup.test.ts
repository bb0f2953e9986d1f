import { describe, expect, it } from 'vitest';
import type { Product } from '../../contract';
import { filterByPlateType, findByPlateType, findByUniqueId } from '../productLookup';

const product = (UniqueId: string, type?: string): Product => ({
  UniqueId,
  Alias: UniqueId.toLowerCase(),
  Name: UniqueId,
  Title: UniqueId,
  Price: 10,
  Currency: 'EUR',
  BaseImages: [],
  Description: '',
  Categories: [],
  Attributes: type === undefined ? {} : { Kennzeichentyp: type },
  Parameters: [],
  Variants: [],
  MinQuantity: 1,
});

const products = [
  product('KZH-001'),
  product('FKZ-003', 'Fun schild'),
  product('FKZ-001', ' Auto'),
  product('FKZ-002', 'Auto'),
];

describe('product lookups (spec 5)', () => {
  it('finds by plate type ignoring the first space', () => {
    expect(findByPlateType(products, 'Auto')?.UniqueId).toBe('FKZ-001');
    expect(findByPlateType(products, 'Funschild')?.UniqueId).toBe('FKZ-003');
    expect(filterByPlateType(products, 'Auto').map((p) => p.UniqueId)).toEqual(['FKZ-001', 'FKZ-002']);
    expect(findByPlateType(products, 'Motorrad')).toBeUndefined();
    expect(findByPlateType(products, '')).toBeUndefined();
  });

  it('finds by unique id trimming the input', () => {
    expect(findByUniqueId(products, ' KZH-001 ')?.UniqueId).toBe('KZH-001');
    expect(findByUniqueId(products, 'kzh-001')).toBeUndefined();
    expect(findByUniqueId(products, '   ')).toBeUndefined();
  });

  it('survives wrong input', () => {
    expect(findByUniqueId(null as never, 'KZH-001')).toBeUndefined();
    expect(findByPlateType([null, {}] as never, 'Auto')).toBeUndefined();
    expect(findByUniqueId(products, 5 as never)).toBeUndefined();
  });
});
