import type { Cart, Product } from '@lp/sdk/contract';
import { ATTR } from '@lp/sdk/contract';
import type { DesignDocument } from '../model/designTypes';
import { EditorError } from '../model/editorError';
import type { EditorStore } from '../store/editorStore';
import type { EditorSdk } from './editorSdk';

export interface ExportOptions {
  store: EditorStore;
  sdk: EditorSdk;
  product: Product;
  /** Renders the document as a 6056 x 300 PNG (pixel ratio 1). */
  toPng(doc: DesignDocument): Promise<Blob>;
  /** spec 4: wait before rendering so the saving state paints first. @default 100 */
  waitMs?: number;
}

export interface ExportResult {
  url: string;
  cart: Cart;
}

/** The cart line body for a design: one holder, the image URL and the document as attributes. */
export function designCartBody(product: Product, url: string, doc: DesignDocument) {
  const plain = { ...doc, items: doc.items.map((i) => ({ ...i, active: false })) };
  return {
    productUniqueId: product.UniqueId,
    quantity: 1,
    addData: [
      {
        count: 1,
        info: {
          Alias: product.Alias,
          Title: product.Title,
          Attributes: { [ATTR.designImage]: url, [ATTR.designDocument]: JSON.stringify(plain) },
        },
      },
    ],
  };
}

/**
 * spec 4 export: the saving flag goes on, after 100 ms the stage renders at pixel ratio 1, the PNG uploads through
 * the cart image call, the design becomes a cart line, then the flag goes off. Any failure rejects with an
 * {@link EditorError} and leaves the document untouched, so the shopper can try again.
 */
export async function exportDesign(options: ExportOptions): Promise<ExportResult> {
  const { store, sdk, product } = options;
  store.setSaving(true);
  try {
    await new Promise((resolve) => setTimeout(resolve, options.waitMs ?? 100));
    const doc = store.getState().doc;
    let png: Blob;
    try {
      png = await options.toPng(doc);
    } catch (cause) {
      throw new EditorError('exportFailed', 'The design could not be rendered.', { cause });
    }
    try {
      const company = await sdk.getCompany();
      const { url } = await sdk.cart.addItemImage(png, company.UniqueId);
      const cart = await sdk.cartStore.getState().add(designCartBody(product, url, doc));
      return { url, cart };
    } catch (cause) {
      throw new EditorError('uploadFailed', 'The design could not be uploaded.', { cause });
    }
  } finally {
    store.setSaving(false);
  }
}
