import type { Company } from '@lp/sdk/contract';
import type { HydrationState } from 'react-router-dom';
import type { PublicConfig } from '../config';

/** What the server hands to the browser inside the page: configuration, company, loader data, transfer state. */
export interface BootData {
  config: PublicConfig;
  company: Company;
  /**
   * What the route loaders returned on the server, so the browser's router starts with it instead of loading
   * again. Absent when a loader failed: the browser then loads from the transfer state.
   */
  hydrationData?: HydrationState;
  /** GET answers the server made while rendering, keyed `GET <url>` (the SDK's transfer-state key). */
  transferState: Record<string, unknown>;
}

export const BOOT_SCRIPT_ID = 'lp-boot';

/**
 * JSON for an inline `<script type="application/json">`: `<`, `>`, `&` and the JS line separators are escaped, so
 * no data (a product description with `</script>`) can end the tag or open a comment.
 *
 * @example
 * serializeJsonForScript({ html: '</script>' }); // '{"html":"\\u003c/script\\u003e"}'
 */
export function serializeJsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Reads the boot data the server embedded; null when the page has none (or it is corrupt). Looked up as the JSON
 * `<script>`, not by id alone: sanitised HTML from data (a product text, an article) keeps `id`s but never a
 * `<script>`, so an element of such a text named `lp-boot` before the real one cannot stand in for it.
 */
export function readBootData(doc: Document = document): BootData | null {
  const text = doc.querySelector(`script[id="${BOOT_SCRIPT_ID}"][type="application/json"]`)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as BootData;
  } catch {
    return null;
  }
}
