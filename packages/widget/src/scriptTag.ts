// The script-tag build (dist/lp-widget.js, a classic script): registers the elements, reads its configuration
// from its own tag and offers `window.LpWidget` (DESIGN 4). Two lazy chunks sit next to this file and load as
// classic scripts: lp-plates.js (plate rules and renderer) when a generator appears, lp-editor.js (Konva) only
// when the page uses <lp-print-editor>. Loaded from `/widget/<version>/`, they come from that same folder.
import { defineBannerConfigurator } from './banner/defineBannerConfigurator';
import { defineCartButton } from './cartButton/defineCartButton';
import { widgetCart } from './cartHandle';
import { defineGeneratorElement } from './generator/defineGeneratorElement';
import { type EditorModule, defineLazyEditor } from './lazyEditor';
import { mount } from './mount';
import { loadChunk } from './plates/loadChunk';
import { type PlatesApi, setPlatesLoader } from './plates/platesApi';
import { type WidgetDefaults, setDefaults } from './sdkRegistry';
import { publishSharedModules } from './shared/publishSharedModules';
import type { LpWidgetGlobal } from './types/scriptTagGlobal';
import { WIDGET_VERSION } from './version';

function start(): void {
  const script = document.currentScript as HTMLScriptElement | null;
  const base = script?.src || document.baseURI;
  const data = script?.dataset ?? {};
  const defaults: WidgetDefaults = {};
  for (const name of ['api', 'company', 'shopUrl', 'dealer'] as const)
    if (data[name]) defaults[name] = data[name];
  setDefaults(defaults);

  // `window.LpWidget` (typed for pages in types/scriptTagGlobal.ts) is filled in two steps, and the page may have
  // made the object already (a second tag, the shared modules): built as a plain record, each part checked against
  // its public type.
  const page = window as unknown as { LpWidget?: Record<string, unknown> };
  page.LpWidget ??= {};
  const host = page.LpWidget;
  Object.assign(host, { mount, version: WIDGET_VERSION } satisfies Pick<LpWidgetGlobal, 'mount' | 'version'>);
  // The chunks below reuse this script's Preact and SDK registry (they are built without copies of them).
  publishSharedModules();

  setPlatesLoader(() => loadChunk<PlatesApi>('plates', 'lp-plates.js', base));
  defineGeneratorElement();
  defineBannerConfigurator();
  defineCartButton();
  defineLazyEditor(
    () => loadChunk<EditorModule>('editor', 'lp-editor.js', base),
    (error) => console.error('[lp-widget] the print editor could not be loaded', error),
  );
  // Elements defined, defaults set: page scripts may start. A second copy of the tag keeps the first's promise
  // and does not announce again.
  if (!host.ready) {
    host.cart = widgetCart satisfies LpWidgetGlobal['cart'];
    host.ready = Promise.resolve(host);
    document.dispatchEvent(new CustomEvent('lp-ready', { detail: host }));
  }
}

start();
