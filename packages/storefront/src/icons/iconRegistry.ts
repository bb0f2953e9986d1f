// A file of its own (hashed, cached for a year), never inlined as a data URL: `<use href>` does not take data URLs,
// and the icons' drawing stays out of every route's script.
import sprite from './icons.svg?no-inline';

/**
 * One registry for every SVG icon (payment, social, UI). The drawings are symbols of one sprite file (icons.svg);
 * the registry knows which names it holds. spec 8: a missing icon reports that no svg with that name was loaded.
 */
const registry = new Set<string>();

export const MISSING_ICON_MESSAGE = 'no svg with that name was loaded';

/** Registers the names of symbols in icons.svg. */
export function registerIcons(names: readonly string[]): void {
  for (const name of names) registry.add(name);
}

/** The icon's address (`<use href>`); throws `Error('no svg with that name was loaded: <name>')` when there is none. */
export function getIcon(name: string): string {
  if (!registry.has(name)) throw new Error(`${MISSING_ICON_MESSAGE}: ${name}`);
  return `${sprite}#${name}`;
}

export const hasIcon = (name: string): boolean => registry.has(name);
