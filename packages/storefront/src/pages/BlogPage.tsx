import { Link, useLoaderData } from 'react-router-dom';
import type { BlogData } from '../routes/loaders';

const date = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' });

/** spec 2: the blog. */
export function Component() {
  const { posts } = useLoaderData() as BlogData;
  return (
    <>
      <h1>Blog</h1>
      <div className="post-list">
        {posts.map((post) => (
          <article key={post.Alias} className="post-card">
            <h2>
              <Link to={`/blog/${post.Alias}`}>{post.Title}</Link>
            </h2>
            <p className="post-card__date">{date.format(new Date(post.PublishedAt))}</p>
            <p>{post.Excerpt}</p>
          </article>
        ))}
      </div>
    </>
  );
}
