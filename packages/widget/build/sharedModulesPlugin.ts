import { relative, resolve } from 'node:path';
import type { Plugin } from 'esbuild';
import {
  SHARED_MODULE_NAMES,
  SHARED_MODULES_KEY,
  type SharedModuleKey,
} from '../src/shared/sharedModuleNames';

const NAMESPACE = 'lp-shared';
const REGISTRY = '\0registry';

function isSharedKey(key: string): key is SharedModuleKey {
  return Object.hasOwn(SHARED_MODULE_NAMES, key);
}

/**
 * For the lazy chunks of the script-tag build: imports of the modules listed in `SHARED_MODULE_NAMES` (bare
 * specifiers such as `preact/hooks`, or the widget's own modules such as `../../sdkRegistry`) resolve to tiny
 * shims that read what lp-widget.js published (src/shared/publishSharedModules.ts), so Preact, the SDK and the
 * element helper exist once per page. Importing a name the list lacks is a build error ("No matching export").
 *
 * @param srcDir absolute path of the widget's `src/` folder
 */
export function sharedModulesPlugin(srcDir: string): Plugin {
  return {
    name: 'lp-shared-modules',
    setup(build) {
      build.onResolve({ filter: /.*/ }, (args) => {
        if (args.namespace === NAMESPACE) return { path: args.path, namespace: NAMESPACE };
        let key = args.path;
        if (key.startsWith('.')) {
          key = relative(srcDir, resolve(args.resolveDir, key))
            .replaceAll('\\', '/')
            .replace(/\.tsx?$/, '');
        }
        return isSharedKey(key) ? { path: key, namespace: NAMESPACE } : undefined;
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        if (args.path === REGISTRY) {
          // Read once when the chunk runs; lp-widget.js published it before loading any chunk.
          return {
            contents: `const host = typeof window !== 'undefined' && window.LpWidget;
const modules = host && host[Symbol.for(${JSON.stringify(SHARED_MODULES_KEY)})];
if (!modules) throw new Error('lp-widget: this chunk is loaded by lp-widget.js, which must come first');
export default modules;`,
            loader: 'js',
          };
        }
        const key = args.path as SharedModuleKey;
        const names = SHARED_MODULE_NAMES[key].join(', ');
        return {
          contents: `import modules from ${JSON.stringify(REGISTRY)};
export const { ${names} } = modules[${JSON.stringify(key)}];`,
          loader: 'js',
        };
      });
    },
  };
}
