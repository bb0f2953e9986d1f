// Type view of `@lp/widget` for this package's type check only (tsconfig `paths`): the widget's sources are
// Preact TSX, which the storefront's React JSX settings cannot check. The bundler still resolves the real module.
import type { Sdk } from '@lp/sdk';

export function provideSdk(sdk: Sdk, where: { api: string; company?: string }): void;
export function defineElements(options?: {
  api?: string;
  company?: string;
  shopUrl?: string;
  editor?: false;
}): void;
