import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { HIDDEN_CATEGORY_ID, PRODUCTS_PAGE_SIZE, paths, productSearchPath } from '@lp/sdk/contract';
import {
  Alias,
  CategorySchema,
  CompanyId,
  CompanySchema,
  DiscountSchema,
  MenuEntrySchema,
  ProductSchema,
  ProductSearchPageSchema,
  ProductSearchQuerySchema,
  ProductsPageSchema,
  SEARCH_PAGE_SIZE_DEFAULT,
  Text,
} from '@lp/sdk/contract/schemas';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { cleanProduct } from '../content/cleanHtml';
import type { ApiContext } from '../context';
import { badRequest, notFound } from '../http/ApiError';
import { Query, responses } from '../http/schemas';
import { buildMenu, buildTree, catalogueRepo } from './catalogueRepo';
import { SEARCH_QUERY_MIN_FOLDED, searchProducts, searchTerms, suggestionFor } from './productSearch';

/** Resolves a company id or answers 404, so every company-scoped read names unknown companies clearly. */
export async function requireCompany(ctx: ApiContext, companyId: number) {
  const company = await catalogueRepo(ctx.db).companyById(companyId);
  if (!company) throw notFound('not-found', `Company ${companyId} not found.`);
  return company;
}

/** spec 7 business API: menu, products, product by alias, companies, company, category tree, discounts. */
export async function catalogueRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const repo = catalogueRepo(ctx.db);

  app.get(
    paths.business.menu,
    {
      schema: {
        querystring: Query({ companyId: CompanyId }),
        response: responses({ 200: Type.Array(MenuEntrySchema) }),
      },
    },
    async (request) => {
      const { companyId } = request.query;
      await requireCompany(ctx, companyId);
      // spec 4/9: the hidden category never reaches a shopper.
      const categories = await repo.visibleCategories(companyId, HIDDEN_CATEGORY_ID);
      return buildMenu(categories, await repo.menuProducts(companyId));
    },
  );

  app.get(
    paths.business.products,
    {
      schema: {
        querystring: Query({
          companyId: CompanyId,
          page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
          pageSize: Type.Optional(
            Type.Integer({ minimum: 1, maximum: PRODUCTS_PAGE_SIZE, default: PRODUCTS_PAGE_SIZE }),
          ),
          // Session 17: only the products filed under this category or one below it, as its page lists them.
          categoryId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647 })),
        }),
        response: responses({ 200: ProductsPageSchema }),
      },
    },
    async (request) => {
      // The schema's defaults fill page and pageSize; the fallbacks only satisfy the type.
      const { companyId, page = 1, pageSize = PRODUCTS_PAGE_SIZE, categoryId } = request.query;
      await requireCompany(ctx, companyId);
      const { items, total } = await repo.products(companyId, (page - 1) * pageSize, pageSize, categoryId);
      return { items: items.map(cleanProduct), page, pageSize, total };
    },
  );

  // Session 18: the shop's search over the shown products (productSearch.ts: folding, AND of words, ranking).
  app.get(
    productSearchPath,
    {
      schema: {
        querystring: ProductSearchQuerySchema,
        response: responses({ 200: ProductSearchPageSchema }),
      },
    },
    async (request) => {
      const { companyId, q, page = 1, pageSize = SEARCH_PAGE_SIZE_DEFAULT } = request.query;
      const terms = searchTerms(q);
      if (terms.join('').length < SEARCH_QUERY_MIN_FOLDED)
        throw badRequest('validation', 'q must hold at least 2 letters or digits.', [
          { field: 'q', message: 'must hold at least 2 letters or digits' },
        ]);
      await requireCompany(ctx, companyId);
      const found = await searchProducts(ctx.db, companyId, terms, (page - 1) * pageSize, pageSize);
      // Session 19: "Meinten Sie …?" when the query finds little (searchWords.ts).
      const suggestion = await suggestionFor(ctx.db, companyId, q, found.total);
      const { items, total } = found;
      return { items: items.map(cleanProduct), page, pageSize, total, ...(suggestion ? { suggestion } : {}) };
    },
  );

  app.get(
    paths.business.productByAlias,
    {
      schema: {
        querystring: Query({ companyId: CompanyId, alias: Alias }),
        response: responses({ 200: ProductSchema }),
      },
    },
    async (request) => {
      const { companyId, alias } = request.query;
      const product = await repo.productByAlias(companyId, alias);
      if (!product) throw notFound('product-not-found', `Product ${alias} not found.`);
      return cleanProduct(product);
    },
  );

  app.get(
    paths.business.companies,
    { schema: { response: responses({ 200: Type.Array(CompanySchema) }) } },
    async () => repo.companies(),
  );

  app.get(
    paths.business.company,
    { schema: { querystring: Query({ alias: Alias }), response: responses({ 200: CompanySchema }) } },
    async (request) => {
      const { alias } = request.query;
      const company = await repo.companyByAlias(alias);
      if (!company) throw notFound('not-found', `Company ${alias} not found.`);
      return company;
    },
  );

  app.get(
    paths.business.categoryTree,
    {
      schema: {
        querystring: Query({ companyAlias: Alias }),
        response: responses({ 200: Type.Array(CategorySchema) }),
      },
    },
    async (request) => {
      const { companyAlias } = request.query;
      const company = await repo.companyByAlias(companyAlias);
      if (!company) throw notFound('not-found', `Company ${companyAlias} not found.`);
      return buildTree(await repo.visibleCategories(company.UniqueId, HIDDEN_CATEGORY_ID));
    },
  );

  app.get(
    paths.business.discounts,
    {
      schema: {
        querystring: Query({ productKey: Text(100, 1), companyId: CompanyId }),
        response: responses({ 200: Type.Array(DiscountSchema) }),
      },
    },
    async (request) => {
      const { productKey, companyId } = request.query;
      await requireCompany(ctx, companyId);
      return repo.discounts(companyId, productKey);
    },
  );
}
