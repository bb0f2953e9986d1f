import { type TSchema, Type } from '@sinclair/typebox';
import { AttributesSchema, CompanyId, Euro, NO_CONTROL, Nullable, StringEnum } from './primitives';

/**
 * Catalogue and content entities of spec section 3 as the API answers them. They keep the spec's PascalCase field
 * names. Product data is stored as seeded JSON, so these schemas name every field the seed writes: the serialiser
 * drops what a schema does not name.
 */

export const ProductParameterSchema = Type.Object({ Key: Type.String(), Value: Type.String() });

export const ProductCategoryRefSchema = Type.Object({ UniqueId: Type.Integer() });

export const ProductVariantSchema = Type.Object({
  UniqueId: Type.String(),
  Title: Type.String(),
  Description: Type.String(),
  Attributes: AttributesSchema,
  /** Server price of this variant in euro; falls back to the parent's price when absent. */
  Price: Type.Optional(Euro),
});

export const ProductSchema = Type.Object({
  /** Product code, e.g. `KZH-001` or `FKZ-003`. Unique within a company. */
  UniqueId: Type.String(),
  Alias: Type.String(),
  Name: Type.String(),
  Title: Type.String(),
  /** Gross price in euro (VAT included), two decimals. The only price a client may show. */
  Price: Euro,
  Currency: Type.Literal('EUR'),
  BaseImages: Type.Array(Type.String()),
  /** Sanitised HTML. */
  Description: Type.String(),
  Categories: Type.Array(ProductCategoryRefSchema),
  Attributes: AttributesSchema,
  Parameters: Type.Array(ProductParameterSchema),
  Variants: Type.Array(ProductVariantSchema),
  /** Smallest quantity one cart line may hold (spec 5: at least 1). */
  MinQuantity: Type.Integer(),
});

/** One page of `getproducts`. */
export const ProductsPageOf = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    total: Type.Integer(),
  });

export const ProductsPageSchema = ProductsPageOf(ProductSchema);

/** Products per page of a search answer, at most and by default (the storefront shows pages of 48). */
export const SEARCH_PAGE_SIZE_MAX = 100;
export const SEARCH_PAGE_SIZE_DEFAULT = 48;

/**
 * Session 18: the query of `search-products` (productSearchPath). `q` is the shopper's text: 1-100 characters
 * without control characters or lone surrogates; the API also answers 400 `validation` when it holds fewer than
 * two letters or digits (only signs, one letter). Other keys are ignored, as on every read.
 */
export const ProductSearchQuerySchema = Type.Object(
  {
    companyId: CompanyId,
    q: Type.String({ minLength: 1, maxLength: 100, pattern: NO_CONTROL }),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    pageSize: Type.Optional(
      Type.Integer({ minimum: 1, maximum: SEARCH_PAGE_SIZE_MAX, default: SEARCH_PAGE_SIZE_DEFAULT }),
    ),
  },
  { additionalProperties: true },
);

/**
 * One page of a search answer, `getproducts`' shape: products whose name holds every word first, then the others,
 * each in catalogue order; `total` counts every hit. Session 19: when the query finds 3 products or fewer and a
 * corrected spelling of its words finds more, `suggestion` is that query ("kennzeichn" → "kennzeichen"), for a
 * "Meinten Sie …?" link; the items stay those of the query as typed.
 */
export const ProductSearchPageSchema = Type.Object({
  ...ProductsPageOf(ProductSchema).properties,
  suggestion: Type.Optional(Type.String()),
});

/** The category tree: each category holds its children. */
export const CategorySchema = Type.Recursive(
  (This) =>
    Type.Object({
      UniqueId: Type.Integer(),
      Alias: Type.String(),
      Name: Type.String(),
      ParentId: Nullable(Type.Integer()),
      Children: Type.Array(This),
    }),
  { $id: 'Category' },
);

export const MenuProductSchema = Type.Object({
  UniqueId: Type.String(),
  Name: Type.String(),
  Alias: Type.String(),
});

export const MenuEntrySchema = Type.Object({
  Alias: Type.String(),
  CategoryId: Type.Integer(),
  Name: Type.String(),
  Products: Type.Array(MenuProductSchema),
});

export const ARTICLE_KINDS = ['page', 'blog'] as const;
export const ArticleKindSchema = StringEnum(ARTICLE_KINDS);

export const ArticleSummarySchema = Type.Object({
  Alias: Type.String(),
  Title: Type.String(),
  Kind: ArticleKindSchema,
  /** Plain-text teaser. */
  Excerpt: Type.String(),
  /** ISO date. */
  PublishedAt: Type.String(),
  /** True for legal pages whose text is a sample, not legal advice. */
  IsSample: Type.Boolean(),
});

export const ArticleSchema = Type.Object({
  ...ArticleSummarySchema.properties,
  /** Sanitised HTML. */
  Content: Type.String(),
});

export const CompanySchema = Type.Object({
  UniqueId: Type.Integer(),
  Alias: Type.String(),
  Name: Type.String(),
});

export const DiscountSchema = Type.Object({
  ProductKey: Type.String(),
  /** Percent off the unit price, 0-100. */
  Percent: Type.Number(),
  /** Quantity from which the discount applies. */
  MinQuantity: Type.Integer(),
  Label: Type.String(),
});
