export const PRINT_EDITOR_TAG = 'lp-print-editor';

/** What the lazily loaded editor chunk offers (packages/widget/src/editor/index.ts). */
export interface EditorModule {
  definePrintEditor(): unknown;
}

/**
 * Loads the print editor (Konva, about 60 KB) only when a page uses `<lp-print-editor>` (DESIGN 4: a separate lazy
 * chunk). Looks for the tag now and watches for it being added later; `load()` runs at most once.
 *
 * @returns a function that stops watching.
 */
export function defineLazyEditor(
  load: () => Promise<EditorModule>,
  onError?: (error: unknown) => void,
): () => void {
  if (typeof document === 'undefined' || typeof customElements === 'undefined') return () => undefined;
  if (customElements.get(PRINT_EDITOR_TAG)) return () => undefined;
  let started = false;
  let observer: MutationObserver | undefined;
  const start = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    load().then(
      (module) => module.definePrintEditor(),
      (error: unknown) => onError?.(error),
    );
  };
  if (document.querySelector(PRINT_EDITOR_TAG)) {
    start();
    return () => undefined;
  }
  observer = new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes)
        if (
          node instanceof Element &&
          (node.localName === PRINT_EDITOR_TAG || node.querySelector(PRINT_EDITOR_TAG) !== null)
        )
          return start();
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  return () => observer?.disconnect();
}
