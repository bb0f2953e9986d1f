import type { AddCartItemBody, Product, ProductVariant } from '@lp/sdk/contract';
import { ATTR } from '@lp/sdk/contract';
import {
  PLATE_KINDS,
  type PlateKind,
  type PlateSizeId,
  type Season,
  kennzeichenArtFromKind,
  kindHasSeason,
} from '@lp/sdk/plates';
import { SIZE_IDS } from '../plates/kinds';

/** What the shopper configured; `lp-change` carries it (plus the derived fields of {@link describe}). */
export interface PlateConfiguration {
  text: string;
  kind: PlateKind;
  /** Months 1-12; used only for seasonal kinds. */
  season: Season;
  size: PlateSizeId;
  /** False while the size follows the suggestion; true once the shopper picked one. */
  sizeChosen: boolean;
  quantity: number;
  /** Schriftfarbe, or null when the product offers at most one colour. */
  colour: string | null;
}

export { PLATE_KINDS };
const SIZES = new Set<string>(SIZE_IDS);

/** Default season of a new seasonal plate: April to October, the common motorbike season. */
export const DEFAULT_SEASON: Season = { start: 4, end: 10 };
/** A pair (front and back) is what most shoppers order. */
export const DEFAULT_QUANTITY = 2;
export const MAX_QUANTITY = 99;

/** spec 9: a Kennzeichen-Art containing Saison/Season is seasonal; for kinds that is the `season` ones. */
export const isSeasonalKind: (kind: PlateKind) => boolean = kindHasSeason;

/**
 * Reads a kind from an attribute or URL value: a kind id (`E`, `season`, `H+season`), a Kennzeichen-Art value
 * (`E-Kennzeichen`) or a short German word (`saison`). Unknown values give null.
 */
export function parseKind(value: string | null | undefined): PlateKind | null {
  if (!value) return null;
  const trimmed = value.trim();
  const direct = PLATE_KINDS.find((kind) => kind.toLowerCase() === trimmed.toLowerCase());
  if (direct) return direct;
  if (/^saison$/i.test(trimmed)) return 'season';
  if (/^(h|e) ?\+ ?saison$/i.test(trimmed)) return `${trimmed[0]?.toUpperCase()}+season` as PlateKind;
  return (
    PLATE_KINDS.find((kind) => kennzeichenArtFromKind(kind).toLowerCase() === trimmed.toLowerCase()) ?? null
  );
}

/** A size id from an attribute or URL value (`520x110`, `520 x 110`, `parkplatz`), else null. */
export function parseSize(value: string | null | undefined): PlateSizeId | null {
  if (!value) return null;
  const id = value.trim().toLowerCase().replace(/\s+/g, '').replace('×', 'x');
  return SIZES.has(id) ? (id as PlateSizeId) : null;
}

/** Clamps to 1..99 whole plates; anything unreadable falls back to the minimum. */
export function clampPlateQuantity(value: number, min = 1): number {
  if (!Number.isFinite(value)) return Math.max(1, min);
  return Math.min(MAX_QUANTITY, Math.max(Math.max(1, min), Math.round(value)));
}

/**
 * The sizes the product is made in: from its variants; without variants its own Kennzeichengröße (the API refuses a
 * line whose size contradicts the product, issue 13); every size when it names none.
 */
export function offeredSizes(product: Product | null): ReadonlySet<PlateSizeId> {
  const sizes = new Set<PlateSizeId>();
  for (const variant of product?.Variants ?? []) {
    const size = parseSize(variant.Attributes[ATTR.plateSize]);
    if (size) sizes.add(size);
  }
  const own = parseSize(product?.Attributes[ATTR.plateSize]);
  if (sizes.size === 0 && own) sizes.add(own);
  return sizes.size > 0 ? sizes : new Set(SIZE_IDS);
}

/** The variant made for (Kennzeichen-Art, Kennzeichengröße), or null (spec 8: variant with no match). */
export function findVariant(product: Product, kind: PlateKind, size: PlateSizeId): ProductVariant | null {
  const art = kennzeichenArtFromKind(kind);
  return (
    product.Variants.find(
      (variant) =>
        variant.Attributes[ATTR.plateKind] === art && parseSize(variant.Attributes[ATTR.plateSize]) === size,
    ) ?? null
  );
}

/** The server's unit price: the variant's when it has one, else the product's (DESIGN 2: prices are the server's). */
export function unitPrice(product: Product, variant: ProductVariant | null): number {
  return variant?.Price ?? product.Price;
}

/** The Schriftfarbe values of a product (spec 2: a choice exists only when there is more than one). */
export function fontColours(product: Product | null): string[] {
  return (product?.Parameters ?? []).filter((p) => p.Key === ATTR.fontColour).map((p) => p.Value);
}

/**
 * The add-to-cart body for a valid configuration; `plateText` is the canonical text (shared decision: the variant UniqueId when one matches, else
 * the product's; one addData entry whose count equals the quantity; the configuration in `info.Attributes`).
 * Prices are never sent.
 */
export function buildCartBody(
  product: Product,
  config: PlateConfiguration,
  plateText: string,
): AddCartItemBody {
  const variant = findVariant(product, config.kind, config.size);
  const attributes: Record<string, string> = {
    [ATTR.plateText]: plateText,
    [ATTR.plateKind]: kennzeichenArtFromKind(config.kind),
    [ATTR.plateSize]: config.size,
  };
  if (isSeasonalKind(config.kind)) {
    attributes[ATTR.seasonStart] = String(config.season.start);
    attributes[ATTR.seasonEnd] = String(config.season.end);
  }
  if (config.colour) attributes[ATTR.fontColour] = config.colour;
  const quantity = clampPlateQuantity(config.quantity, product.MinQuantity);
  return {
    productUniqueId: variant?.UniqueId ?? product.UniqueId,
    quantity,
    addData: [
      {
        count: quantity,
        info: { Alias: product.Alias, Title: variant?.Title ?? product.Title, Attributes: attributes },
      },
    ],
  };
}
