import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * A version folder's name as a route can hold it: letters, digits, dots and dashes (semver without build metadata),
 * not starting with a dot. Fastify matches the decoded path, so a name with "+", a space or "ü" was never reached,
 * a dot folder (`.git`) would be served, and a "*" refused the storefront's start (a wildcard not last in a route).
 */
const VERSION_NAME = /^[0-9A-Za-z][0-9A-Za-z.-]{0,63}$/;

/** One kept release: its version (the folder's name) and the folder's absolute path. */
export interface EarlierRelease {
  version: string;
  dir: string;
}

/**
 * The version folders in `releasesDir` that hold `marker` (a copy of that release's build: `lp-widget.js` for the
 * widget, `sdk.js` for the SDK's browser build), for the versioned paths that pages pinned before a release. None
 * when it is unset or unreadable: a warning, not a refused start. Absolute paths: a relative `LP_WIDGET_RELEASES` /
 * `LP_SDK_RELEASES` is read from the folder the command was typed in (@fastify/static refuses a
 * relative root, which stopped the storefront's start). Read once, at start.
 */
export function earlierReleases(
  releasesDir: string | undefined,
  marker: string,
  what: string,
): EarlierRelease[] {
  if (!releasesDir) return [];
  // `pnpm --filter @lp/storefront start` runs in packages/storefront; INIT_CWD is the folder the command was typed
  // in, as the API's operator commands read a relative DATA_DIR.
  const root = resolve(process.env.INIT_CWD ?? process.cwd(), releasesDir);
  // existsSync follows links: a version kept as a symlink to a release's own folder counts too.
  try {
    return readdirSync(root, { withFileTypes: true })
      .filter((entry) => existsSync(join(root, entry.name, marker)))
      .filter((entry) => {
        if (VERSION_NAME.test(entry.name)) return true;
        console.error(
          `[warn] storefront: ${join(root, entry.name)} is not served: a ${what} version's folder is named like 1.2.3 (letters, digits, dots and dashes)`,
        );
        return false;
      })
      .map((entry) => ({ version: entry.name, dir: join(root, entry.name) }));
  } catch (error) {
    console.error(`[warn] storefront: earlier ${what} releases not served (${(error as Error).message})`);
    return [];
  }
}
