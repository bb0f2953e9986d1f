import type { AddCartItemBody, Cart, Company, Product, ProductsPage, UploadedImage } from '@lp/sdk/contract';

/** The part of the SDK the editor uses; the real `createSdk()` result fits it, tests may pass a stand-in. */
export interface EditorSdk {
  getCompany(): Promise<Company>;
  cart: { addItemImage(image: Blob, companyId: number): Promise<UploadedImage> };
  catalogue: { products(companyId: number): Promise<ProductsPage<Product>> };
  cartStore: {
    // `cart`: the page's current cart, for the hand-off of `lp-close` (absent in stand-ins that have none).
    getState(): { add(body: AddCartItemBody): Promise<Cart>; cart?: Pick<Cart, 'cartGuid'> };
  };
}
