/**
 * One registry for every SVG icon (payment, social, UI). Icons are registered as SVG markup (viewBox and inner
 * content) and looked up by name. spec 8: a missing icon reports that no svg with that name was loaded.
 */
export interface IconDefinition {
  viewBox: string;
  /** Inner SVG markup; static strings written in this repository, never data. */
  body: string;
}

const registry = new Map<string, IconDefinition>();

export const MISSING_ICON_MESSAGE = 'no svg with that name was loaded';

/** Registers icons; a name registered again is replaced. */
export function registerIcons(icons: Record<string, IconDefinition>): void {
  for (const [name, icon] of Object.entries(icons)) registry.set(name, icon);
}

/** The icon of that name; throws `Error('no svg with that name was loaded: <name>')` when there is none. */
export function getIcon(name: string): IconDefinition {
  const icon = registry.get(name);
  if (!icon) throw new Error(`${MISSING_ICON_MESSAGE}: ${name}`);
  return icon;
}

export const hasIcon = (name: string): boolean => registry.has(name);
