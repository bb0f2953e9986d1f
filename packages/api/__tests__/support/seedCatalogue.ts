// Session 22, health (split from seedData.test.ts): the seed's catalogue as the seed-data tests look it up.
import { seedData } from '../../src/seed/data/index';

export const { products, categories, articles } = seedData;
/** Every product by its code (KFZ-001, KZH-029, ...). */
export const byCode = new Map(products.map((p) => [p.UniqueId, p]));
export const allVariants = products.flatMap((p) => p.Variants);
