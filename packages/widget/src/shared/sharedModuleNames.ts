/**
 * What `lp-widget.js` hands to its lazy chunks instead of each chunk bundling its own copy: Preact's hooks and JSX
 * runtime (one copy also means one hooks state and one `options` object), the widget's element helper, SDK
 * registry (one SDK and one cart per page) and base styles. `lp-editor.js` uses them; `lp-plates.js` (plain plate
 * rules) needs none. Keys are module specifiers as written in the sources (bare names, or paths relative to
 * `src/` for the widget's own modules); values are the exports shared.
 *
 * The chunk builds resolve these imports to shims that read `window.LpWidget[Symbol.for('lp.widget.modules')]`
 * (build/sharedModulesPlugin.ts); `publishSharedModules()` fills it in. A chunk importing a name that is not
 * listed here fails its build, so the two cannot drift silently. Kept free of imports: tsup's config reads it.
 */
export const SHARED_MODULE_NAMES = {
  'preact/hooks': ['useCallback', 'useEffect', 'useMemo', 'useRef', 'useState'],
  'preact/jsx-runtime': ['Fragment', 'jsx', 'jsxs'],
  '@lp/sdk/contract': ['ATTR'],
  sdkRegistry: ['DEFAULT_COMPANY', 'getDefaults', 'getSdk'],
  'elements/defineElement': ['defineElement'],
  'styles/baseStyles': ['baseStyles'],
} as const;

export type SharedModuleKey = keyof typeof SHARED_MODULE_NAMES;

/** The brand under which `lp-widget.js` publishes the shared modules on `window.LpWidget`. */
export const SHARED_MODULES_KEY = 'lp.widget.modules';
