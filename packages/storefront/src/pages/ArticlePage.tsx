import { useLoaderData } from 'react-router-dom';
import type { ArticleData } from '../routes/loaders';

/**
 * Information pages and blog posts. The API answers the HTML sanitised (packages/api/src/content/cleanHtml.ts),
 * whichever way the page reads it.
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
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by the API (packages/api/src/content/cleanHtml.ts) */}
      <div className="article__content" dangerouslySetInnerHTML={{ __html: article.Content }} />
    </article>
  );
}
