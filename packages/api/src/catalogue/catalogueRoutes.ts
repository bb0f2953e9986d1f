import { HIDDEN_CATEGORY_ID, PRODUCTS_PAGE_SIZE, paths } from '@lp/sdk/contract';
import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context';
import { notFound } from '../http/ApiError';
import { aliasSchema, companyIdSchema, querySchema, text } from '../http/schemas';
import { buildMenu, buildTree, catalogueRepo } from './catalogueRepo';

/** Resolves a company id or answers 404, so every company-scoped read names unknown companies clearly. */
export async function requireCompany(ctx: ApiContext, companyId: number) {
  const company = await catalogueRepo(ctx.db).companyById(companyId);
  if (!company) throw notFound(`Company ${companyId} not found.`);
  return company;
}

/** spec 7 business API: menu, products, product by alias, companies, company, category tree, discounts. */
export async function catalogueRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  const repo = catalogueRepo(ctx.db);
  const byCompany = { querystring: querySchema({ companyId: companyIdSchema }, ['companyId']) };

  app.get(paths.business.menu, { schema: byCompany }, async (request) => {
    const { companyId } = request.query as { companyId: number };
    await requireCompany(ctx, companyId);
    // spec 4/9: the hidden category never reaches a shopper.
    const categories = await repo.visibleCategories(companyId, HIDDEN_CATEGORY_ID);
    const products = (await repo.menuProducts(companyId)).map((r) => r.data);
    return buildMenu(categories, products);
  });

  app.get(
    paths.business.products,
    {
      schema: {
        querystring: querySchema(
          {
            companyId: companyIdSchema,
            page: { type: 'integer', minimum: 1, maximum: 100_000, default: 1 },
            pageSize: {
              type: 'integer',
              minimum: 1,
              maximum: PRODUCTS_PAGE_SIZE,
              default: PRODUCTS_PAGE_SIZE,
            },
          },
          ['companyId'],
        ),
      },
    },
    async (request) => {
      const { companyId, page, pageSize } = request.query as {
        companyId: number;
        page: number;
        pageSize: number;
      };
      await requireCompany(ctx, companyId);
      const { items, total } = await repo.products(companyId, (page - 1) * pageSize, pageSize);
      return { items, page, pageSize, total };
    },
  );

  app.get(
    paths.business.productByAlias,
    {
      schema: {
        querystring: querySchema({ companyId: companyIdSchema, alias: aliasSchema }, ['companyId', 'alias']),
      },
    },
    async (request) => {
      const { companyId, alias } = request.query as { companyId: number; alias: string };
      const product = await repo.productByAlias(companyId, alias);
      if (!product) throw notFound(`Product ${alias} not found.`);
      return product;
    },
  );

  app.get(paths.business.companies, async () => repo.companies());

  app.get(
    paths.business.company,
    { schema: { querystring: querySchema({ alias: aliasSchema }, ['alias']) } },
    async (request) => {
      const { alias } = request.query as { alias: string };
      const company = await repo.companyByAlias(alias);
      if (!company) throw notFound(`Company ${alias} not found.`);
      return company;
    },
  );

  app.get(
    paths.business.categoryTree,
    { schema: { querystring: querySchema({ companyAlias: aliasSchema }, ['companyAlias']) } },
    async (request) => {
      const { companyAlias } = request.query as { companyAlias: string };
      const company = await repo.companyByAlias(companyAlias);
      if (!company) throw notFound(`Company ${companyAlias} not found.`);
      return buildTree(await repo.visibleCategories(company.UniqueId, HIDDEN_CATEGORY_ID));
    },
  );

  app.get(
    paths.business.discounts,
    {
      schema: {
        querystring: querySchema({ productKey: text(100, 1), companyId: companyIdSchema }, [
          'productKey',
          'companyId',
        ]),
      },
    },
    async (request) => {
      const { productKey, companyId } = request.query as { productKey: string; companyId: number };
      await requireCompany(ctx, companyId);
      return repo.discounts(companyId, productKey);
    },
  );
}
