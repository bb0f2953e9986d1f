import * as editorChunk from '@lp/widget/editor';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useShop } from '../../app/ShopContext';
import { cartImageUploadOf } from '../../sdk/cartImageUploadOf';

interface MountOptions {
  sdk?: unknown;
  company?: string;
  product?: string;
  onClose?(detail: { reason: 'back' | 'ordered' }): void;
  onError?(detail: { code: string; error?: unknown }): void;
}
/** mountPrintEditor of packages/widget/src/editor, re-exported by the `@lp/widget/editor` chunk entry. */
type Mount = (container: Element, options: MountOptions) => { destroy(): void };

export interface PrintEditorProps {
  /** Printable holder UniqueId or alias; default the first of KZH-029..KZH-041. */
  product?: string;
  /** Called when the shopper leaves ('back') or has ordered ('ordered'); default: cart after ordering, else back. */
  onClose?(reason: 'back' | 'ordered'): void;
}

/**
 * Thin React wrapper (CONVENTIONS): mounts `<lp-print-editor>` through mountPrintEditor with the storefront's SDK,
 * so the design lands in the same cart the header counts. All editor logic lives in @lp/widget.
 */
export function PrintEditor({ product, onClose }: PrintEditorProps) {
  const shop = useShop();
  const navigate = useNavigate();
  const host = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const mount = (editorChunk as { mountPrintEditor?: Mount }).mountPrintEditor;
    if (!host.current || !mount) return;
    const { sdk } = shop;
    const editor = mount(host.current, {
      // The editor uploads the design (`sdk.cart.addItemImage`); the shop's SDK core has no upload, so the editor's
      // SDK is the core with the upload made here, in the editor page's chunk.
      sdk: { ...sdk, cart: { ...sdk.cart, addItemImage: cartImageUploadOf(sdk) } },
      company: shop.config.companyAlias,
      ...(product ? { product } : {}),
      onClose: ({ reason }) => {
        if (close.current) close.current(reason);
        else if (reason === 'ordered') navigate('/cart');
        else navigate(-1);
      },
      onError: ({ error, code }) => shop.reporter.report(error, `PrintEditor:${code}`),
    });
    return () => editor.destroy();
  }, [shop, product, navigate]);

  return <div ref={host} className="print-editor" />;
}

export default PrintEditor;
