import type { Article } from '@lp/sdk/contract';
import { blogPosts } from './blogPosts';
import { infoPages } from './infoPages';
import { legalPages } from './legalPages';

/** Information pages of spec 2 (Kind 'page') followed by the blog posts (Kind 'blog'). */
export const articles: Article[] = [...legalPages, ...infoPages, ...blogPosts];
