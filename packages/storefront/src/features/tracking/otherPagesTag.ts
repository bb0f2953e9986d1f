import { INFO_PAGES } from '../../routes/infoPages';

/** The data-layer entry of the tag-manager setup for 'other pages' (spec 2). */
export const OTHER_PAGES_EVENT = { event: 'other_pages', page_type: 'other' } as const;

/**
 * spec 2: information pages and /ooono count as 'other pages'. /site/terms is one too: spec 2 lists it in the
 * information pages' row, it shows its article like them and the footer lists it under 'Information'.
 */
export function isOtherPage(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  return (
    path === '/ooono' ||
    path === '/site/terms' ||
    (INFO_PAGES as readonly string[]).some((page) => path === `/${page}`)
  );
}

interface Layer {
  push(...entries: unknown[]): unknown;
}

/**
 * spec 2: visiting an information page or /ooono triggers the tag-manager setup for 'other pages': one
 * `{ event: 'other_pages' }` push into the data layer per visit (page load). No tag-manager script is loaded
 * (the CSP forbids third-party origins); a tag manager added later reads the entry from `window.dataLayer`.
 * Returns whether it pushed.
 *
 * @example
 * const setup = createOtherPagesTag(() => window.dataLayer);
 * setup('/impressum'); // true, pushes once
 * setup('/agb');       // false, already set up in this visit
 */
export function createOtherPagesTag(layer: () => Layer | undefined): (pathname: string) => boolean {
  let done = false;
  return (pathname) => {
    if (done || !isOtherPage(pathname)) return false;
    const target = layer();
    if (!target) return false;
    done = true;
    target.push({ ...OTHER_PAGES_EVENT });
    return true;
  };
}
