import type { DesignDocument } from '../model/designTypes';
import { parseDesignDocument } from '../model/parseDesignDocument';

/** issue 4: a design survives a reload; one slot per product, cleared after ordering. */
export function storageKey(product: string): string {
  return `lp-print-editor:${product}`;
}

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // storage blocked (privacy mode, sandboxed frame)
  }
}

/** The stored design, or undefined when there is none or it fails validation (a tampered entry is dropped). */
export function loadDesign(product: string): DesignDocument | undefined {
  const store = storage();
  const raw = store?.getItem(storageKey(product));
  if (!raw) return undefined;
  try {
    return parseDesignDocument(raw);
  } catch {
    store?.removeItem(storageKey(product));
    return undefined;
  }
}

export function saveDesign(product: string, doc: DesignDocument): void {
  try {
    storage()?.setItem(storageKey(product), JSON.stringify(doc));
  } catch {
    // Quota exceeded: the design still lives in memory; losing the reload copy is not worth an error.
  }
}

export function clearDesign(product: string): void {
  storage()?.removeItem(storageKey(product));
}
