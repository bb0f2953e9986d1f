import { useLoaderData } from 'react-router-dom';
import type { ArticleData } from '../routes/loaders';

/**
 * Information pages and blog posts. The HTML was sanitised on the storefront server (SSR fetch and /api proxy),
 * or, when the browser reads a public API URL directly, by src/data/cleanHtmlInBrowser.ts.
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
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by server/sanitizeBody.ts or data/cleanHtmlInBrowser.ts */}
      <div className="article__content" dangerouslySetInnerHTML={{ __html: article.Content }} />
    </article>
  );
}
