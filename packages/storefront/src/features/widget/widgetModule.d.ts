// Type view of `@lp/widget` for this package's type check only (tsconfig `paths`): the widget's sources are
// Preact TSX, which the storefront's React JSX settings cannot check. The bundler still resolves the real module.
import type { Sdk } from '@lp/sdk';
import type * as Plates from '@lp/sdk/plates';

export function provideSdk(sdk: Sdk, where: { api: string; company?: string }): void;
export function defineElements(options?: {
  api?: string;
  company?: string;
  shopUrl?: string;
  editor?: false;
}): void;
/** Where the plate rules come from (the first call wins); loadPlates loads them once. */
export function setPlatesLoader(load: () => Promise<typeof Plates>): void;
export function loadPlates(): Promise<unknown>;
