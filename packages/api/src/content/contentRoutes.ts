import type { Article, ArticleSummary } from '@lp/sdk/contract';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { paths } from '@lp/sdk/contract';
import { Alias, ArticleSchema, ArticleSummarySchema, CompanyId } from '@lp/sdk/contract/schemas';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireCompany } from '../catalogue/catalogueRoutes';
import type { ApiContext } from '../context';
import { notFound } from '../http/ApiError';
import { Query, responses } from '../http/schemas';
import { cleanArticle } from './cleanHtml';

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
export async function contentRoutes(fastify: FastifyInstance, ctx: ApiContext): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  app.get(
    paths.content.articles,
    {
      schema: {
        querystring: Query({ companyId: CompanyId }),
        response: responses({ 200: Type.Array(ArticleSummarySchema) }),
      },
    },
    async (request) => {
      const { companyId } = request.query;
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
        querystring: Query({ alias: Alias, companyId: CompanyId }),
        response: responses({ 200: ArticleSchema }),
      },
    },
    async (request) => {
      const { alias, companyId } = request.query;
      const [row] = await ctx.db.query<{ data: Article }>(
        'SELECT data FROM articles WHERE company_id = $1 AND lower(alias) = lower($2)',
        [companyId, alias],
      );
      if (!row) throw notFound('not-found', `Page ${alias} not found.`);
      return cleanArticle(row.data);
    },
  );
}
