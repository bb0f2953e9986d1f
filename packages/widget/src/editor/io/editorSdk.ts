import type { AddCartItemBody, Cart, Company, Product, ProductsPage, UploadedImage } from '@lp/sdk/contract';

/** The part of the SDK the editor uses; the real `createSdk()` result fits it, tests may pass a stand-in. */
export interface EditorSdk {
  getCompany(): Promise<Company>;
  cart: { addItemImage(image: Blob, companyId: number): Promise<UploadedImage> };
  catalogue: { products(companyId: number): Promise<ProductsPage<Product>> };
  cartStore: { getState(): { add(body: AddCartItemBody): Promise<Cart> } };
}
