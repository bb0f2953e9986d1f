/** Business constants of spec section 9. */
export const COMPANY_ALIAS = 'lp-de';
export const MAIN_CATEGORY_ID = 1737374401;
export const HIDDEN_CATEGORY_ID = 1737374404;
export const APP_VERSION = '1.32.0';
export const CURRENCY = 'EUR';
/** spec 9: products are loaded as one page of 1000. */
export const PRODUCTS_PAGE_SIZE = 1000;
/** spec 7/9: shipping rates are always asked for Germany. */
export const SHIPPING_COUNTRY = 'DE';
/** spec 9: the editor uploads its PNG under this name. */
export const CART_IMAGE_FILE_NAME = 'image.jpg';
/** DESIGN 2: uploads are PNG (or JPEG) of at most 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/**
 * The most pixels (width x height, read from the PNG's IHDR or the JPEG's frame header) an uploaded picture may
 * have; the API answers more with 400 `upload-too-many-pixels`. A decoder allocates the whole picture (4 bytes a
 * pixel), so a few KB whose header says 65,535 x 65,535 would ask whoever shows it for 17 GB. Every phone camera's
 * "50 MP" mode fits (8192 x 6144). The print editor's `MAX_IMAGE_PIXELS` (packages/widget, imageFile.ts) is the
 * same value, held equal by packages/api/__tests__/uploadPixels.test.ts.
 */
export const MAX_IMAGE_PIXELS = 52_000_000;
/** The most distinct lines a cart holds; the API answers the next new line with 400 `cart-line-limit`. */
export const MAX_CART_LINES = 100;
/**
 * The most a cart line may be worth (quantity x unit price): 100,000 EUR. A plate shop's biggest dealer line
 * (999 pieces of its dearest article) stays far below; the API answers more with 400 `order-total-limit`.
 */
export const MAX_LINE_TOTAL_CENTS = 100_000_00;
/**
 * The most an order's goods may be worth: 1,000,000 EUR, well inside the database's integer cents (21.4 M EUR),
 * with room for shipping. Saving a bigger cart answers 400 `order-total-limit` (docs/reference/decisions.md).
 */
export const MAX_ORDER_TOTAL_CENTS = 1_000_000_00;
/** spec 3: local-storage key of the app state. */
export const APP_STATE_KEY = 'AppState';

/** Attribute keys used in product and cart-line attributes. */
export const ATTR = {
  /** Plate registration text as typed by the shopper, normalised by the plate rules. */
  plateText: 'Kennzeichen',
  /** spec 3/9: plate kind; containing Saison/Season means seasonal. */
  plateKind: 'Kennzeichen-Art',
  plateSize: 'Kennzeichengröße',
  /** The plate-type attribute of spec 1/3 ("Auto" sets the headline root price). */
  plateType: 'Kennzeichentyp',
  seasonStart: 'Saison-Start',
  seasonEnd: 'Saison-Ende',
  fontColour: 'Schriftfarbe',
  designImage: 'Design-Bild',
  designDocument: 'Design-Dokument',
  metadataProduct: 'MetadataProduct',
  metadataDescription: 'MetadataDescription',
} as const;

/**
 * German month names, January first: the Saison-Start and Saison-Ende attributes carry month numbers 1-12, and every
 * surface that shows a season (plate messages, cart and order lines) names them with these words.
 */
export const MONTH_NAMES = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const;

/**
 * Values of the plate-type attribute (`Kennzeichentyp`). They decide which text rules the API applies to a
 * cart line: official plates follow the plate rules, fun plates and parking signs take free text.
 */
export const PLATE_TYPES = [
  'Auto',
  'Motorrad',
  'Funschild',
  'Parkplatzschild',
  'Kennzeichenhalter',
  'Namensschild',
  'Zubehör',
] as const;
export type PlateType = (typeof PLATE_TYPES)[number];
