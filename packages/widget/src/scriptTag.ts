// The script-tag build (dist/lp-widget.js, a classic script): registers the elements, reads its configuration
// from its own tag and offers `window.LpWidget` (DESIGN 4). Two lazy chunks sit next to this file and load as ES
// modules (plates/loadChunk.ts): lp-plates.js (plate rules and renderer) when a generator appears, lp-editor.js
// (Konva) only when the page uses <lp-print-editor>. Loaded from `/widget/<version>/`, they come from that folder.
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
  // `window.LpWidget` (typed for pages in types/scriptTagGlobal.ts) is filled in two steps, and the page may have
  // made the object already (the shared modules): built as a plain record, each part checked against its public
  // type.
  const page = window as unknown as { LpWidget?: Record<string, unknown> };
  page.LpWidget ??= {};
  const host = page.LpWidget;
  // A copy of the tag already started (a CMS template and the page both include it, or two versions): its
  // elements, defaults, version and chunks stay. This copy does nothing: it must not put its own `data-*` defaults
  // over the first's (another shop URL, another dealer), report its version for the first's elements, or load a
  // second print editor chunk from its own folder.
  if (host.ready) return;
  const script = document.currentScript as HTMLScriptElement | null;
  const base = script?.src || document.baseURI;
  const data = script?.dataset ?? {};
  const defaults: WidgetDefaults = {};
  for (const name of ['api', 'company', 'shopUrl', 'dealer'] as const)
    if (data[name]) defaults[name] = data[name];
  setDefaults(defaults);

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
  // Elements defined, defaults set: page scripts may start.
  host.cart = widgetCart satisfies LpWidgetGlobal['cart'];
  host.ready = Promise.resolve(host);
  document.dispatchEvent(new CustomEvent('lp-ready', { detail: host }));
}

start();
