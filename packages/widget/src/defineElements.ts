import { defineBannerConfigurator } from './banner/defineBannerConfigurator';
import { defineCartButton } from './cartButton/defineCartButton';
import { definePlateGenerator } from './generator/definePlateGenerator';
import { type EditorModule, defineLazyEditor } from './lazyEditor';
import { type WidgetDefaults, setDefaults } from './sdkRegistry';

/** Options of {@link defineElements}. */
export interface DefineElementsOptions extends WidgetDefaults {
  /**
   * How to load the print editor when a `<lp-print-editor>` appears; `false` leaves the editor undefined.
   * @default the editor chunk of this package (`import('@lp/widget/editor')`)
   */
  editor?: false | (() => Promise<EditorModule>);
}

// One watcher for `<lp-print-editor>` per page copy of this module: an app that calls defineElements() on every
// route (a single-page app's route component) would otherwise add a MutationObserver over the whole document per
// call, each kept until an editor appears.
let editorWatched = false;

/**
 * Registers `<lp-plate-generator>`, `<lp-banner-configurator>`, `<lp-cart-button>` and, lazily,
 * `<lp-print-editor>`. Safe to call more than once (on every route of a single-page app): elements are defined
 * once, and the first call's `editor` loader is the one used. `api`, `company`, `shopUrl` and `dealer` become the
 * defaults of elements that leave them out.
 *
 * @example
 * import { defineElements } from '@lp/widget';
 * defineElements({ api: 'https://api.example.de', company: 'lp-de', shopUrl: 'https://shop.example.de' });
 */
export function defineElements(options: DefineElementsOptions = {}): void {
  const { editor, ...defaults } = options;
  const given = Object.fromEntries(Object.entries(defaults).filter(([, value]) => value != null));
  if (Object.keys(given).length > 0) setDefaults(given);
  definePlateGenerator();
  defineBannerConfigurator();
  defineCartButton();
  if (editor !== false && !editorWatched) {
    editorWatched = true;
    defineLazyEditor(editor ?? (() => import('./editorChunk')));
  }
}
