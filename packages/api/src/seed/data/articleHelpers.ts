import type { Article, ArticleKind } from '@lp/sdk/contract';

/** Every legal page starts with this note (DESIGN 6: legal pages are marked as sample content). */
export const SAMPLE_NOTE = 'Mustertext – keine Rechtsberatung.';

interface ArticleSpec {
  alias: string;
  title: string;
  kind: ArticleKind;
  excerpt: string;
  publishedAt: string;
  content: string;
}

export function article(spec: ArticleSpec): Article {
  return {
    Alias: spec.alias,
    Title: spec.title,
    Kind: spec.kind,
    Excerpt: spec.excerpt,
    PublishedAt: spec.publishedAt,
    IsSample: false,
    Content: spec.content,
  };
}

/** A legal page: IsSample true and the content opens with the sample note. */
export function legalPage(spec: Omit<ArticleSpec, 'kind'>): Article {
  return {
    ...article({ ...spec, kind: 'page' }),
    IsSample: true,
    Content:
      `<p><strong>${SAMPLE_NOTE}</strong> Dieser Text ist ein Platzhalter für die Demo-Installation und muss ` +
      `vor dem Livegang durch einen geprüften Rechtstext ersetzt werden.</p>${spec.content}`,
  };
}

/** Heading plus paragraphs, the building block of longer pages. */
export function section(heading: string, ...paragraphs: string[]): string {
  return `<h2>${heading}</h2>${paragraphs.map((p) => `<p>${p}</p>`).join('')}`;
}
