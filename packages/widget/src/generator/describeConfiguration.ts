import type { Product } from '@lp/sdk/contract';
import type { LpConfigurationDetail } from '../types/elementDetails';
import { kennzeichenArtFromKind } from '@lp/sdk/plates';
import type { PlatesApi } from '../plates/platesApi';
import { isSeasonalKind } from './configuration';
import type { ConfigurationModel } from './usePlateConfiguration';

/** `detail` of the `lp-change` event: the public type of `@lp/widget/types`, under its earlier name. */
export type ConfigurationDetail = LpConfigurationDetail;

/** The text that goes on the plate and into the cart: canonical ('B-AB 123') when it parsed, else trimmed. */
export function plateTextOf(model: ConfigurationModel, plates: PlatesApi | null): string {
  return plates && model.validation.plate
    ? plates.formatPlate(model.validation.plate)
    : model.config.text.trim();
}

export function describeConfiguration(
  model: ConfigurationModel,
  product: Product | null,
  plates: PlatesApi | null,
): ConfigurationDetail {
  const { config, validation, variant, price } = model;
  return {
    text: config.text,
    plateText: plateTextOf(model, plates),
    kind: config.kind,
    kennzeichenArt: kennzeichenArtFromKind(config.kind),
    size: config.size,
    season: isSeasonalKind(config.kind) ? { ...config.season } : null,
    quantity: config.quantity,
    colour: config.colour,
    valid: validation.ok,
    errors: validation.errors.map((issue) => issue.message),
    productAlias: product?.Alias ?? null,
    variantId: variant?.UniqueId ?? null,
    unitPrice: price,
    total: price === null ? null : Math.round(price * config.quantity * 100) / 100,
  };
}
