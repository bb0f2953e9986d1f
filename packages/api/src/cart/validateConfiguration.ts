import type { Attributes } from '@lp/sdk/contract';
import { ATTR } from '@lp/sdk/contract';
import { validatePlateAttributes } from '@lp/sdk/plates';

export type ConfigurationCheck = { ok: true; text?: string } | { ok: false; rule: string; message: string };

/**
 * Checks a cart line's configuration against its product (DESIGN 2: the server validates plate text rules).
 * Delegates to the SDK's plate rules, so the widget and the server accept exactly the same plates. `text` is the
 * plate text as pressed (canonical registration, upper-cased free text), for lines that carry one.
 */
export function validateConfiguration(
  productAttributes: Attributes,
  attributes: Attributes,
): ConfigurationCheck {
  return validatePlateAttributes(productAttributes[ATTR.plateType] ?? '', attributes);
}
