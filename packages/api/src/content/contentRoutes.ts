import type { Article, ArticleSummary } from '@lp/sdk/contract';
import { paths } from '@lp/sdk/contract';
import type { FastifyInstance } from 'fastify';
import { requireCompany } from '../catalogue/catalogueRoutes';
import type { ApiContext } from '../context';
import { notFound } from '../http/ApiError';
import { aliasSchema, companyIdSchema, querySchema } from '../http/schemas';

function summary(a: Article): ArticleSummary {
  return {
    Alias: a.Alias,
    Title: a.Title,
    Kind: a.Kind,
    Excerpt: a.Excerpt,
    PublishedAt: a.PublishedAt,
    IsSample: a.IsSample,
  };
}

/** spec 7 articles: the list (summaries, no Content) and one page by alias and company id. */
export async function contentRoutes(app: FastifyInstance, ctx: ApiContext): Promise<void> {
  app.get(
    paths.content.articles,
    { schema: { querystring: querySchema({ companyId: companyIdSchema }, ['companyId']) } },
    async (request) => {
      const { companyId } = request.query as { companyId: number };
      await requireCompany(ctx, companyId);
      const rows = await ctx.db.query<{ data: Article }>(
        'SELECT data FROM articles WHERE company_id = $1 ORDER BY position',
        [companyId],
      );
      return rows.map((r) => summary(r.data));
    },
  );

  app.get(
    paths.content.page,
    {
      schema: {
        querystring: querySchema({ alias: aliasSchema, companyId: companyIdSchema }, ['alias', 'companyId']),
      },
    },
    async (request) => {
      const { alias, companyId } = request.query as { alias: string; companyId: number };
      const [row] = await ctx.db.query<{ data: Article }>(
        'SELECT data FROM articles WHERE company_id = $1 AND lower(alias) = lower($2)',
        [companyId, alias],
      );
      if (!row) throw notFound(`Page ${alias} not found.`);
      return row.data;
    },
  );
}
