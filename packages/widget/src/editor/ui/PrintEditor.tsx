/** @jsxImportSource preact */
import { isLpError } from '@lp/sdk';
import type { Product } from '@lp/sdk/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { ElementBaseProps } from '../../elements/defineElement';
import { handoffUrl } from '../../handoffUrl';
import { formatPrice } from '../../i18n/formatPrice';
import { DEFAULT_COMPANY, getDefaults, getSdk, type LpSdk } from '../../sdkRegistry';
import { commandForKey } from '../commands/commandRegistry';
import { loadRubik } from '../fonts/loadRubik';
import { clearDesign, loadDesign, saveDesign } from '../io/designStorage';
import type { EditorSdk } from '../io/editorSdk';
import { exportDesign } from '../io/exportDesign';
import { isEditorError } from '../model/editorError';
import { resolveProduct } from '../io/resolveProduct';
import { createImageCache, loadBrowserImage } from '../render/imageCache';
import { createKonvaMeasure } from '../render/konvaMeasure';
import { canvasToPngBlob, renderDocument } from '../render/renderDocument';
import { createEditorStore } from '../store/editorStore';
import { announceChange } from './announce';
import { CanvasView } from './CanvasView';
import { editorTexts as t } from './editorTexts';
import { PropertyPanel } from './PropertyPanel';
import { Toast } from './Toast';
import { Toolbar } from './Toolbar';
import { useEditorState } from './useEditorState';

export interface PrintEditorProps extends ElementBaseProps {
  api: string | null;
  company: string | null;
  /** UniqueId or alias of the printable holder; default the first of KZH-029..KZH-041. */
  product: string | null;
  fontUrl: string | null;
  /** Where `lp-close` hands the cart over (`handoffUrl`); default the script tag's `data-shop-url`. */
  shopUrl: string | null;
  /** Dealer id credited with the order (default the script tag's `data-dealer`). */
  dealer: string | null;
  sdk?: LpSdk | EditorSdk;
}

const TYPING = new Set(['INPUT', 'SELECT', 'TEXTAREA']);
const TOAST_MS = 10_000; // spec 8: the upload failure toast stays 10 s

/** `<lp-print-editor>`: toolbar, plate-holder canvas, property panel, export to the cart (spec 2 and 4). */
export function PrintEditor(props: PrintEditorProps) {
  const { emit } = props;
  const defaults = getDefaults();
  const sdk: EditorSdk =
    props.sdk ??
    getSdk(
      props.api ?? defaults.api ?? '',
      props.company ?? defaults.company ?? DEFAULT_COMPANY,
      props.dealer ?? defaults.dealer,
    );
  // Every way out hands the cart over (issue 12): lp-close says which cart and where the shop takes it over.
  const handOff = (cartGuid: string | null | undefined) => ({
    cartGuid: cartGuid ?? null,
    handoffUrl: handoffUrl(props.shopUrl ?? defaults.shopUrl ?? '', cartGuid),
  });
  const storageSlot = props.product?.trim() || 'printable-holder';
  const store = useMemo(
    () => createEditorStore({ doc: loadDesign(storageSlot), measure: createKonvaMeasure() }),
    [storageSlot],
  );
  const images = useMemo(() => createImageCache(loadBrowserImage), []);
  const state = useEditorState(store);
  const [product, setProduct] = useState<Product | null>(null);
  // Each message gets its own id: the same refusal twice mounts a fresh alert (read out again, its own 10 s).
  const [toast, setToast] = useState<{ message: string; id: number } | null>(null);
  const toastId = useRef(0);
  const showToast = (message: string) => setToast({ message, id: ++toastId.current });
  const [productError, setProductError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [mobile, setMobile] = useState(false);
  const [said, setSaid] = useState('');
  const [note, setNote] = useState('');
  // The last picked picture's refusal, kept under the editor once its toast has closed (a tap closes it on a phone).
  const [refusal, setRefusal] = useState('');
  const busy = state.saving || uploading;
  const closeToast = useCallback(() => setToast(null), []);

  useEffect(() => {
    void loadRubik(props.fontUrl ?? undefined).then((ok) => ok && store.setMeasure(createKonvaMeasure()));
  }, [store, props.fontUrl]);
  useEffect(() => store.subscribe((s) => saveDesign(storageSlot, s.doc)), [store, storageSlot]);
  useEffect(() => {
    let prev = store.getState();
    return store.subscribe((next) => {
      const message = announceChange(prev, next);
      prev = next;
      // A repeated message ("Rückgängig gemacht" twice) must still change the region's text to be read again.
      if (message) setSaid((last) => (last === message ? `${message}\u00a0` : message));
    });
  }, [store]);
  useEffect(() => {
    let live = true;
    resolveProduct(sdk, props.product).then(
      (p) => live && setProduct(p),
      (error: unknown) => {
        if (!live) return;
        // A page whose origin the shop has not registered is not "offline": say so, hand the developer the fix.
        const refused = isLpError(error) && error.code === 'origin-not-allowed';
        const message = refused ? t.originNotAllowed : t.productFailed;
        setProductError(message);
        emit(
          'lp-error',
          refused
            ? { code: 'origin-not-allowed', message, fix: error.message, error }
            : { code: 'product', message, error },
        );
      },
    );
    return () => {
      live = false;
    };
  }, [sdk, props.product]);

  // Konva empties the stage's box with `innerHTML = ''`, which a page enforcing Trusted Types refuses unless its
  // `default` policy lets the empty string through (docs/learn/print-editor-for-dealers.md): say so on the page and
  // to the page's developer instead of an uncaught TypeError.
  const onStageError = (error: unknown) => {
    setProductError(t.stageFailed);
    emit('lp-error', {
      code: 'stage',
      message: t.stageFailed,
      fix: "The canvas could not be built. Under Trusted Types, add the print editor guide's `default` policy for the empty string.",
      error,
    });
  };

  const fail = (code: string, message: string, error: unknown) => {
    showToast(message);
    emit('lp-error', { code, message, error });
  };

  // Set at once, not on the next render: a double tap while the product still loads would order twice.
  const exporting = useRef(false);
  const onExport = async () => {
    if (busy || exporting.current) return;
    if (state.doc.items.length === 0) {
      showToast(t.emptyDesign);
      return;
    }
    exporting.current = true;
    try {
      const target = product ?? (await resolveProduct(sdk, props.product));
      const toPng = async (doc: typeof state.doc) =>
        canvasToPngBlob(await renderDocument(doc, images, document.createElement('div')));
      const result = await exportDesign({ store, sdk, product: target, toPng });
      clearDesign(storageSlot); // issue 4: the stored design is cleared after ordering
      emit('lp-add-to-cart', { productUniqueId: target.UniqueId, url: result.url, cart: result.cart });
      emit('lp-close', { reason: 'ordered', url: result.url, ...handOff(result.cart.cartGuid) });
    } catch (error) {
      fail('upload', t.uploadFailed, error);
    } finally {
      exporting.current = false;
    }
  };

  const onImage = async (file: File) => {
    setUploading(true);
    setNote('');
    setRefusal('');
    try {
      // The picture checks and re-encoding load when a picture is picked, not with the editor (DESIGN 7: the editor
      // chunk's 60 KB). Offline, the failed load is an upload failure like the upload's own (spec 8).
      const { uploadPickedImage } = await import('../io/uploadPickedImage');
      const { url, aspect, animated } = await uploadPickedImage(sdk, file);
      store.dispatch('addImage', { url, aspect });
      if (animated) setNote(t.firstFrameOnly);
    } catch (error) {
      const invalid = isEditorError(error) && error.code === 'invalidImage';
      // Each refusal says what to do: a picture above 20 MB or an iPhone's HEIC needs another answer than a PDF.
      // A reason this editor has no text for (a newer lp-editor-photo.js beside it on the unpinned /widget/ URL
      // after a release) reads as the format refusal, never "undefined" (session 26, review26c).
      const message = invalid
        ? (t.imageProblems[error.reason ?? 'format'] ?? t.imageProblems.format)
        : t.uploadFailed;
      fail(invalid ? 'image' : 'upload', message, error);
      setRefusal(message);
    } finally {
      setUploading(false);
    }
  };

  const root = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const target = event.composedPath()[0] as HTMLElement | undefined;
    if (!target || TYPING.has(target.tagName)) return;
    const match = commandForKey(event);
    if (!match) return;
    const onCanvas = target.classList.contains('stage');
    const modified = event.ctrlKey || event.metaKey;
    // Plain keys (arrows, Delete, N, Escape) act on the canvas only, so buttons and lists keep their own keys.
    if (!onCanvas && !modified) return;
    event.preventDefault();
    store.dispatch(match.command.name, match.args);
  };

  // One listener on the editor root (not per button); re-bound when the handler's inputs change.
  useEffect(() => {
    const element = root.current!;
    element.addEventListener('keydown', onKeyDown);
    return () => element.removeEventListener('keydown', onKeyDown);
  });
  // A shopper who taps or clicks on in the editor has read the error toast and moved on: it closes then, instead of
  // lying over the phone's toolbar for the rest of its 10 s (its own × and the timer still close it too).
  useEffect(() => {
    if (!toast) return;
    const element = root.current!;
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.composedPath() as Element[]).some((node) => node.classList?.contains('toast')))
        closeToast();
    };
    element.addEventListener('pointerdown', onPointerDown);
    return () => element.removeEventListener('pointerdown', onPointerDown);
  }, [toast, closeToast]);

  return (
    <div ref={root} class={`root editor${mobile ? ' is-mobile' : ''}`} part="editor" aria-busy={busy}>
      <h2 class="title">{t.title}</h2>
      <Toolbar store={store} state={state} busy={busy} onImage={onImage} />
      <CanvasView store={store} images={images} onMobile={setMobile} onStageError={onStageError} />
      <p class="sr-only" aria-live="polite">
        {said}
      </p>
      <PropertyPanel store={store} state={state} busy={busy} />
      {/* Its line is kept while the product loads, so the price arriving moves nothing. */}
      <p class="price" part="price">
        {product ? t.price(product.Title, formatPrice(product.Price)) : '\u00a0'}
      </p>
      <div class="actions">
        <button
          type="button"
          class="button secondary"
          disabled={state.saving}
          onClick={() =>
            emit('lp-close', { reason: 'back', ...handOff(sdk.cartStore.getState().cart?.cartGuid) })
          }
        >
          {t.back}
        </button>
        <button type="button" class="button" data-command="export" aria-disabled={busy} onClick={onExport}>
          {state.saving ? t.saving : uploading ? t.uploading : t.export}
        </button>
      </div>
      {/* Always in the tree: a status region that appears together with its text is often not read out. */}
      <p class="status" role="status">
        {busy ? (state.saving ? t.saving : t.uploading) : note}
      </p>
      {/* Not a live region: the toast's alert has read it out once. */}
      {!toast && refusal && <p class="refusal">{refusal}</p>}
      {toast && <Toast key={toast.id} message={toast.message} ms={TOAST_MS} onClose={closeToast} />}
      {productError && (
        <p class="toast" role="alert">
          {productError}
        </p>
      )}
    </div>
  );
}
