import type { Category } from '@lp/sdk/contract';
import { HIDDEN_CATEGORY_ID, MAIN_CATEGORY_ID } from '@lp/sdk/contract';

/** Category ids used by the product files; main and hidden ids come from spec 9. */
export const CATEGORY = {
  main: MAIN_CATEGORY_ID,
  holders: 1737374402,
  fun: 1737374403,
  hidden: HIDDEN_CATEGORY_ID,
  parking: 1737374405,
  namePlates: 1737374406,
  accessories: 1737374407,
  carPlates: 1737374411,
  motorbikePlates: 1737374412,
  seasonalPlates: 1737374413,
  printableHolders: 1737374421,
} as const;

function category(UniqueId: number, Name: string, Alias: string, ParentId: number | null): Category {
  return { UniqueId, Alias, Name, ParentId, Children: [] };
}

/**
 * Flat category list; the API rebuilds the tree from ParentId. The hidden category (spec 4: removed from the
 * tree) holds internal service products only.
 */
export const categories: Category[] = [
  category(CATEGORY.main, 'Kennzeichen', 'kennzeichen', null),
  category(CATEGORY.carPlates, 'Autokennzeichen', 'autokennzeichen', CATEGORY.main),
  category(CATEGORY.motorbikePlates, 'Motorradkennzeichen', 'motorradkennzeichen', CATEGORY.main),
  category(CATEGORY.seasonalPlates, 'Saisonkennzeichen', 'saisonkennzeichen', CATEGORY.main),
  category(CATEGORY.holders, 'Kennzeichenhalter', 'kennzeichenhalter', null),
  category(
    CATEGORY.printableHolders,
    'Kennzeichenhalter bedrucken',
    'kennzeichenhalter-bedruckt',
    CATEGORY.holders,
  ),
  category(CATEGORY.fun, 'Funschilder', 'funschilder', null),
  category(CATEGORY.parking, 'Parkplatzschilder', 'parkplatzschilder', null),
  category(CATEGORY.namePlates, 'Namensschilder', 'namensschilder', null),
  category(CATEGORY.accessories, 'Zubehör', 'zubehoer', null),
  category(CATEGORY.hidden, 'Intern', 'intern', null),
];
