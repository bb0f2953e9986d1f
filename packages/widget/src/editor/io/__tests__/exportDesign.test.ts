import type { AddCartItemBody, Cart, Product } from '@lp/sdk/contract';
import { describe, expect, it, vi } from 'vitest';
import { isEditorError } from '../../model/editorError';
import { parseDesignDocument } from '../../model/parseDesignDocument';
import { createEditorStore } from '../../store/editorStore';
import type { EditorSdk } from '../editorSdk';
import { exportDesign } from '../exportDesign';
import { isPrintableHolderId, resolveProduct } from '../resolveProduct';

const product = { UniqueId: 'KZH-029', Alias: 'halter-bedruckbar', Title: 'Halter bedruckbar' } as Product;
const cart = { id: 1, cartGuid: 'g', items: [] } as unknown as Cart;

function fakeSdk(upload: () => Promise<{ url: string }>) {
  const added: AddCartItemBody[] = [];
  const sdk: EditorSdk = {
    getCompany: async () => ({ UniqueId: 1001 }) as never,
    cart: { addItemImage: vi.fn(upload) },
    catalogue: {
      products: async () => ({
        items: [{ UniqueId: 'KZH-001' }, { UniqueId: 'KZH-030', Alias: 'b' }, product] as Product[],
        page: 1,
        pageSize: 1000,
        total: 3,
      }),
    },
    cartStore: {
      getState: () => ({
        add: async (body: AddCartItemBody) => {
          added.push(body);
          return cart;
        },
      }),
    },
  };
  return { sdk, added };
}

describe('exportDesign (spec 4)', () => {
  it('sets the saving flag, uploads the PNG and adds a cart line with image URL and document', async () => {
    const store = createEditorStore();
    store.dispatch('addText', { value: 'Autohaus' });
    const { sdk, added } = fakeSdk(async () => ({ url: 'http://api/uploads/a.png' }));
    const flags: boolean[] = [];
    store.subscribe((s) => flags.push(s.saving));
    const png = new Blob(['png'], { type: 'image/png' });
    const started = Date.now();
    const result = await exportDesign({ store, sdk, product, toPng: async () => png });
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    expect(flags).toEqual([true, false]);
    expect(sdk.cart.addItemImage).toHaveBeenCalledWith(png, 1001);
    expect(result.url).toBe('http://api/uploads/a.png');
    const attrs = added[0]!.addData[0]!.info.Attributes;
    expect(added[0]).toMatchObject({ productUniqueId: 'KZH-029', quantity: 1, addData: [{ count: 1 }] });
    expect(attrs['Design-Bild']).toBe('http://api/uploads/a.png');
    expect(parseDesignDocument(attrs['Design-Dokument']).items[0]?.value).toBe('Autohaus');
  });

  it('keeps the design and turns the flag off when the upload fails', async () => {
    const store = createEditorStore();
    store.dispatch('addText', { value: 'Bleibt' });
    const before = store.getState().doc;
    const { sdk, added } = fakeSdk(async () => {
      throw new Error('500');
    });
    const error = await exportDesign({
      store,
      sdk,
      product,
      toPng: async () => new Blob(['x']),
      waitMs: 0,
    }).catch((e: unknown) => e);
    expect(isEditorError(error) && error.code).toBe('uploadFailed');
    expect(store.getState().doc).toBe(before);
    expect(store.getState().saving).toBe(false);
    expect(added).toHaveLength(0);
  });

  it('reports a render failure as exportFailed', async () => {
    const store = createEditorStore();
    const { sdk } = fakeSdk(async () => ({ url: 'x' }));
    const error = await exportDesign({
      store,
      sdk,
      product,
      waitMs: 0,
      toPng: async () => {
        throw new Error('canvas too big');
      },
    }).catch((e: unknown) => e);
    expect(isEditorError(error) && error.code).toBe('exportFailed');
  });
});

describe('resolveProduct', () => {
  it('defaults to the first printable holder KZH-029..KZH-041, or takes the attribute', async () => {
    const { sdk } = fakeSdk(async () => ({ url: 'x' }));
    expect((await resolveProduct(sdk, null)).UniqueId).toBe('KZH-030');
    expect((await resolveProduct(sdk, ' KZH-029 ')).UniqueId).toBe('KZH-029');
    await expect(resolveProduct(sdk, 'KZH-999')).rejects.toThrow(/No printable product KZH-999/);
  });

  it('knows the printable range', () => {
    expect(
      ['KZH-028', 'KZH-029', 'KZH-041', 'KZH-042', 'KZH-29', 'xKZH-030'].map(isPrintableHolderId),
    ).toEqual([false, true, true, false, false, false]);
  });
});
