// CONVENTIONS: a reader who follows a link between the guides lands where the link says. Every relative link and
// anchor in README.md, docs/ and the examples' and packages' READMEs must name a file of the repository and, with a
// `#fragment`, a heading (or an `<a id>`) of that file, the way GitHub renders it. Links inside code blocks and
// inline code are text, not links; absolute URLs belong to the pages that open them (docs.test.ts, the examples).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

function markdownUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? markdownUnder(join(dir, entry.name))
      : entry.name.endsWith('.md')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** The pages a reader opens: the root README, docs/, and the README of each example and package. */
function readerPages(): string[] {
  const readmes = ['examples', 'packages'].flatMap((parent) =>
    readdirSync(join(root, parent))
      .map((name) => join(root, parent, name, 'README.md'))
      .filter((file) => existsSync(file)),
  );
  return [join(root, 'README.md'), ...markdownUnder(join(root, 'docs')), ...readmes].sort();
}

/** The text without fenced blocks (blanked, so line numbers stay). */
function withoutBlocks(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '));
}

/** The text without fenced blocks and inline code (a `[x](y)` there is an example, not a link). */
function prose(text: string): string {
  return withoutBlocks(text).replace(/`[^`\n]*`/g, (code) => ' '.repeat(code.length));
}

/** GitHub's heading ids (github-slugger): lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of withoutBlocks(text).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const plain = heading!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/`/g, '')
      .replace(/[*_]{1,2}([^*_]+)[*_]{1,2}/g, '$1');
    const base = plain
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const [, id] of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(id!);
  return anchors;
}

interface Link {
  from: string;
  line: number;
  target: string;
}

function linksOf(file: string): Link[] {
  const text = prose(readFileSync(file, 'utf8'));
  const found: Link[] = [];
  // Inline links and images `[text](target "title")`, and reference definitions `[id]: target`.
  const patterns = [/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g, /^\s*\[[^\]]+\]:\s*(\S+)/gm];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const target = match[1]!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto:
      found.push({ from: file, line: text.slice(0, match.index).split('\n').length, target });
    }
  }
  return found;
}

/** Why the link leads nowhere, or null when it lands. */
export function problemOf(link: Link): string | null {
  const [path = '', fragment] = link.target.split('#', 2);
  const file = path === '' ? link.from : join(dirname(link.from), decodeURIComponent(path));
  if (!existsSync(file)) return `no file ${relative(root, file)}`;
  if (fragment === undefined || fragment === '') return null;
  if (statSync(file).isDirectory() || !file.endsWith('.md')) return `#${fragment} on a file without headings`;
  const anchors = anchorsOf(readFileSync(file, 'utf8'));
  return anchors.has(decodeURIComponent(fragment))
    ? null
    : `no heading #${fragment} in ${relative(root, file)}`;
}

describe('links between the docs', () => {
  const pages = readerPages();
  const links = pages.flatMap(linksOf);

  it('reads every page a reader opens and finds their links', () => {
    expect(pages.length).toBeGreaterThanOrEqual(20);
    expect(links.length).toBeGreaterThanOrEqual(100);
  });

  it('every relative link names a file, and every #anchor a heading of it', () => {
    const dead = links
      .map((link) => ({ link, problem: problemOf(link) }))
      .filter(({ problem }) => problem !== null)
      .map(({ link, problem }) => `${relative(root, link.from)}:${link.line} (${link.target}): ${problem}`);
    expect(dead).toEqual([]);
  });

  it('names the dead link: a missing file, a missing heading', () => {
    const from = join(root, 'README.md');
    expect(problemOf({ from, line: 1, target: 'docs/learn/getting-started.md#install' })).toBeNull();
    expect(problemOf({ from, line: 1, target: 'docs/learn/getting-startd.md' })).toBe(
      'no file docs/learn/getting-startd.md',
    );
    expect(problemOf({ from, line: 1, target: 'docs/learn/getting-started.md#instal' })).toBe(
      'no heading #instal in docs/learn/getting-started.md',
    );
    expect(problemOf({ from, line: 1, target: '#no-such-heading' })).toBe(
      'no heading #no-such-heading in README.md',
    );
  });

  it('computes GitHub heading ids the way GitHub does', () => {
    const anchors = anchorsOf(
      '# `pnpm start` and `pnpm start:cluster`\n## PostgreSQL (`DATABASE_URL`)\n## Logs\n## Logs\n### Größe & Preis\n```md\n# not a heading\n```\n<a id="custom"></a>',
    );
    expect([...anchors]).toEqual([
      'pnpm-start-and-pnpm-startcluster',
      'postgresql-database_url',
      'logs',
      'logs-1',
      'größe--preis',
      'custom',
    ]);
  });
});
