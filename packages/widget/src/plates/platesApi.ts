import type * as Plates from '@lp/sdk/plates';

/**
 * The plate rules and renderer the generator uses. They are the biggest part of the generator (about 11 KB
 * gzip), so the script-tag build loads them as a separate chunk (`lp-plates.js`) in parallel with the product,
 * and the module build imports `@lp/sdk/plates` dynamically; both hand the functions in through this shape.
 */
export type PlatesApi = Pick<
  typeof Plates,
  'PLATE_SIZES' | 'validatePlate' | 'validateFreeText' | 'renderPlateSvg' | 'suggestSize' | 'formatPlate'
>;

let loader: (() => Promise<PlatesApi>) | null = null;
let pending: Promise<PlatesApi> | null = null;
let loaded: PlatesApi | null = null;

/** Sets where the plate rules come from (the first call wins, so the script tag and the module build agree). */
export function setPlatesLoader(load: () => Promise<PlatesApi>): void {
  loader ??= load;
}

/** The plate rules once loaded, else null (components render a loading state meanwhile). */
export function loadedPlates(): PlatesApi | null {
  return loaded;
}

/** Loads the plate rules once per page; a failed load is retried by the next call. */
export function loadPlates(): Promise<PlatesApi> {
  if (!loader) return Promise.reject(new Error('lp-widget: no loader for the plate rules'));
  pending ??= loader().then(
    (plates) => {
      loaded = plates;
      return plates;
    },
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}
