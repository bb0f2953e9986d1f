import type { Product } from '@lp/sdk/contract';
import type { EditorSdk } from './editorSdk';

/** spec 9: the special ids KZH-029 to KZH-041 are the printable plate holders. */
export function isPrintableHolderId(uniqueId: string): boolean {
  const match = /^KZH-(\d{3})$/.exec(uniqueId);
  const n = match ? Number(match[1]) : 0;
  return n >= 29 && n <= 41;
}

/** The product a design is ordered as: the element's `product` attribute, else the first printable holder. */
export async function resolveProduct(sdk: EditorSdk, productId: string | null | undefined): Promise<Product> {
  const company = await sdk.getCompany();
  const { items } = await sdk.catalogue.products(company.UniqueId);
  const wanted = productId?.trim();
  const product = wanted
    ? items.find((p) => p.UniqueId === wanted || p.Alias === wanted)
    : items.find((p) => isPrintableHolderId(p.UniqueId));
  if (!product) throw new Error(`No printable product ${wanted ?? 'KZH-029..KZH-041'} in the catalogue`);
  return product;
}
