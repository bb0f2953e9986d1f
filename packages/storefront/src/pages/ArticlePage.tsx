import { useLoaderData } from 'react-router-dom';
import type { ArticleData } from '../routes/loaders';

/**
 * Information pages and blog posts. The HTML was sanitised on the storefront server (SSR fetch and /api proxy),
 * so the browser ships no sanitiser.
 */
export function Component() {
  const { article } = useLoaderData() as ArticleData;
  return (
    <article className="article">
      <h1>{article.Title}</h1>
      {article.IsSample && (
        <p className="notice" role="note">
          Beispieltext – keine Rechtsberatung.
        </p>
      )}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server (server/sanitizeBody.ts) */}
      <div className="article__content" dangerouslySetInnerHTML={{ __html: article.Content }} />
    </article>
  );
}
