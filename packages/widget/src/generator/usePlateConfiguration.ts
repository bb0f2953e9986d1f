import { ATTR, type Product, type ProductVariant } from '@lp/sdk/contract';
import type { PlateKind, PlateSizeId, PlateValidation, Season } from '@lp/sdk/plates';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { PlatesApi } from '../plates/platesApi';
import {
  DEFAULT_QUANTITY,
  DEFAULT_SEASON,
  type PlateConfiguration,
  clampPlateQuantity,
  findVariant,
  fontColours,
  isSeasonalKind,
  offeredSizes,
  unitPrice,
} from './configuration';

/** Starting values from attributes or the URL; a later change (banner hand-off) replaces the current ones. */
export interface InitialConfiguration {
  text?: string | null;
  kind?: PlateKind | null;
  size?: PlateSizeId | null;
}

/** Everything the form shows, derived from the shopper's choices and the product. */
export interface ConfigurationModel {
  config: PlateConfiguration;
  validation: PlateValidation;
  /** Free-text products (Funschild, Parkplatzschild) skip the registration rules. */
  freeText: boolean;
  suggested: PlateSizeId;
  offered: ReadonlySet<PlateSizeId>;
  colours: string[];
  variant: ProductVariant | null;
  /** Server unit price, or null while the product loads. */
  price: number | null;
  setText(text: string): void;
  setKind(kind: PlateKind): void;
  setSeason(season: Season): void;
  setSize(size: PlateSizeId): void;
  setQuantity(quantity: number): void;
  setColour(colour: string): void;
  /** Replaces text, kind and size with the given ones (hand-off from the banner). */
  apply(values: InitialConfiguration): void;
}

// Fun plates and parking signs take free text (shared decision), checked by the SDK's free-text rules, the ones
// the API applies to the cart line (fun plates one line of 12, parking signs up to 16 per line).
const FREE_TEXT_VARIANTS: Readonly<Record<string, 'fun' | 'parking'>> = {
  Funschild: 'fun',
  Parkplatzschild: 'parking',
};

/** Checked by the plate rules once they are loaded; until then nothing can be added and nothing is flagged. */
const PENDING: PlateValidation = { ok: false, plate: null, errors: [], warnings: [] };

function safeSuggest(plates: PlatesApi | null, text: string, kind: PlateKind): PlateSizeId {
  try {
    return plates ? plates.suggestSize(text, kind) : '520x110';
  } catch {
    return '520x110';
  }
}

/**
 * The generator's state: the shopper's choices plus everything derived from them (validation, suggested size,
 * variant, server price). The size follows the suggestion until the shopper picks one; sizes the product is not
 * made in are never selected.
 */
export function usePlateConfiguration(
  initial: InitialConfiguration,
  product: Product | null,
  plates: PlatesApi | null,
): ConfigurationModel {
  const [state, setState] = useState<PlateConfiguration>(() => ({
    text: initial.text ?? '',
    kind: initial.kind ?? 'standard',
    season: DEFAULT_SEASON,
    size: initial.size ?? '520x110',
    sizeChosen: Boolean(initial.size),
    quantity: DEFAULT_QUANTITY,
    colour: null,
  }));

  const apply = (values: InitialConfiguration) =>
    setState((current) => ({
      ...current,
      ...(values.text != null ? { text: values.text } : {}),
      ...(values.kind ? { kind: values.kind } : {}),
      ...(values.size ? { size: values.size, sizeChosen: true } : {}),
    }));
  // Attributes set after the first render (the banner hands over its text and type) replace the current values.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    apply(initial);
  }, [initial.text, initial.kind, initial.size]);

  const freeTextVariant = FREE_TEXT_VARIANTS[product?.Attributes[ATTR.plateType] ?? ''];
  const freeText = freeTextVariant !== undefined;
  const seasonal = isSeasonalKind(state.kind);
  const offered = useMemo(() => offeredSizes(product), [product]);
  const suggestion = useMemo(
    () => safeSuggest(plates, state.text, state.kind),
    [plates, state.text, state.kind],
  );
  // The suggestion when the product is made in it, else the product's own size, else the first size offered
  // (`offered` is never empty).
  const suggested =
    [suggestion, product?.Attributes[ATTR.plateSize] as PlateSizeId].find((id) => offered.has(id)) ??
    [...offered][0]!;
  const size = state.sizeChosen && offered.has(state.size) ? state.size : suggested;

  const validation = useMemo(
    () =>
      !plates
        ? PENDING
        : freeTextVariant
          ? { ...PENDING, ...plates.validateFreeText(state.text, freeTextVariant) }
          : plates.validatePlate({
              text: state.text,
              kind: state.kind,
              size,
              ...(seasonal ? { season: state.season } : {}),
            }),
    [plates, freeTextVariant, state.text, state.kind, size, seasonal, state.season],
  );

  const colours = useMemo(() => fontColours(product), [product]);
  const colour = state.colour && colours.includes(state.colour) ? state.colour : (colours[0] ?? null);
  const variant = product ? findVariant(product, state.kind, size) : null;
  const price = product ? unitPrice(product, variant) : null;
  const min = product?.MinQuantity ?? 1;

  return {
    config: { ...state, size, colour, quantity: clampPlateQuantity(state.quantity, min) },
    validation,
    freeText,
    suggested,
    offered,
    colours,
    variant,
    price,
    setText: (text) => setState((s) => ({ ...s, text })),
    setKind: (kind) => setState((s) => ({ ...s, kind })),
    setSeason: (season) => setState((s) => ({ ...s, season })),
    setSize: (chosen) => setState((s) => ({ ...s, size: chosen, sizeChosen: true })),
    setQuantity: (quantity) => setState((s) => ({ ...s, quantity: clampPlateQuantity(quantity, min) })),
    setColour: (chosen) => setState((s) => ({ ...s, colour: chosen })),
    apply,
  };
}
