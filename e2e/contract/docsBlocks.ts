// The code blocks of docs/ and how each one is proved (CONVENTIONS: examples in docs must run). A block's info
// string is its language, optionally followed by `no-run: <reason>` for a block that cannot run as written (a
// fragment, a config file, output); every other block gets a mode from its language and content:
//
// - node:    other ts/js with a top-level `import`: a whole script, run with tsx against the real API;
// - browser: tsx, or ts/js importing the widget or React (or marked `browser`): bundled with esbuild
//            and run in Chromium against the real API; exported components render inside an `LpProvider`;
// - html:    written into a page in Chromium as it is, with the example origins pointed at the test's servers
//            (`html continues`: appended to the page of the file's html block before it);
// - sh:      every command resolves (a root or package script, a file, an installed binary, a package of the
//            release set); commands are not started here: installs and long-running servers belong to the
//            tests that run them (e2e/install, the examples' smoke tests);
// - json:    parses;
// - css:     parses in Chromium into as many rules as it has blocks.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

export type Mode = 'node' | 'browser' | 'html' | 'sh' | 'json' | 'css' | 'skip';

export interface DocBlock {
  /** `learn/react.md:42` (docs-relative path and the line of the opening fence). */
  name: string;
  file: string;
  lang: string;
  /** The info string after the language (`no-run: …`, `browser`, `node`, `continues`). */
  info: string;
  code: string;
  mode: Mode;
  /** Why a block is not run (`no-run: …`), or why it cannot be classified (then the test fails). */
  reason?: string;
}

const SCRIPT_LANGS = new Set(['ts', 'js', 'mjs', 'tsx', 'jsx']);
/** Imports of the widget or React: the block needs a browser (`ts browser` / `ts node` in the info string decide). */
const NEEDS_PAGE = /^import\b[^;]*['"](@lp\/widget|@lp\/react|react|react-dom)(\/[^'"]*)?['"]/m;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? markdownFiles(join(dir, entry.name))
      : entry.name.endsWith('.md')
        ? [join(dir, entry.name)]
        : [],
  );
}

function modeOf(lang: string, code: string, info: string): { mode: Mode; reason?: string } {
  if (SCRIPT_LANGS.has(lang)) {
    if (info === 'browser' || info === 'node') return { mode: info };
    if (!/^import /m.test(code))
      return { mode: 'skip', reason: 'a fragment without imports: mark it no-run' };
    return { mode: lang.endsWith('x') || NEEDS_PAGE.test(code) ? 'browser' : 'node' };
  }
  if (lang === 'html') return { mode: 'html' };
  if (lang === 'sh' || lang === 'bash') return { mode: 'sh' };
  if (lang === 'json') return { mode: 'json' };
  if (lang === 'css') return { mode: 'css' };
  return { mode: 'skip', reason: `no runner for \`${lang || 'plain'}\` blocks: mark it no-run` };
}

/** Every fenced block of every Markdown file under `docsDir`, with its mode. */
export function readDocBlocks(docsDir: string): DocBlock[] {
  return markdownFiles(docsDir)
    .sort()
    .flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(/^```([^\n]*)\n([\s\S]*?)^```/gm)].map((match) => {
        const [lang = '', ...rest] = match[1]!.trim().split(/\s+/);
        const info = rest.join(' ');
        const line = text.slice(0, match.index).split('\n').length;
        const name = `${relative(docsDir, file)}:${line}`;
        const code = match[2]!;
        const noRun = /^no-run(?::\s*(.*))?$/.exec(info);
        if (noRun) {
          const reason = noRun[1]?.trim();
          return reason
            ? { name, file, lang, info, code, mode: 'skip' as const, reason: `no-run: ${reason}` }
            : { name, file, lang, info, code, mode: 'skip' as const, reason: 'no-run without a reason' };
        }
        return { name, file, lang, code, info, ...modeOf(lang, code, info) };
      });
    });
}

/** Whether a skipped block was skipped on purpose (marked `no-run: <reason>`). */
export const markedNoRun = (block: DocBlock) =>
  block.mode === 'skip' && /^no-run: ./.test(block.reason ?? '');

interface Workspace {
  root: string;
  /** Package name -> its folder and scripts. */
  packages: Map<string, { dir: string; scripts: Record<string, string> }>;
  rootScripts: Record<string, string>;
  releaseSet: string[];
}

export function readWorkspace(root: string, releaseSet: string[]): Workspace {
  const packages = new Map<string, { dir: string; scripts: Record<string, string> }>();
  for (const group of ['packages', 'examples', 'e2e']) {
    const dirs = group === 'e2e' ? ['e2e'] : readdirSync(join(root, group)).map((name) => join(group, name));
    for (const dir of dirs) {
      const manifest = join(root, dir, 'package.json');
      if (!existsSync(manifest)) continue;
      const { name, scripts = {} } = JSON.parse(readFileSync(manifest, 'utf8'));
      packages.set(name, { dir, scripts });
    }
  }
  const { scripts = {} } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  return { root, packages, rootScripts: scripts, releaseSet };
}

/**
 * The problems of one shell block: each command (split on `&&`, `;` and new lines, comments and `VAR=value`
 * prefixes removed) must name something that exists. Empty when every command resolves.
 */
export function checkShell(code: string, workspace: Workspace): string[] {
  const problems: string[] = [];
  let cwd = workspace.root;
  const commands = code
    .split('\n')
    .map((line) => line.replace(/(^|\s)#.*$/, '').trim())
    .flatMap((line) => line.split(/\s*(?:&&|;)\s*/))
    .map((command) => command.replace(/^(\w+=\S*\s+)+/, '').trim())
    .filter(Boolean);
  for (const command of commands) {
    const words = command.split(/\s+/);
    const [tool, first, ...rest] = words;
    const problem = (() => {
      if (tool === 'cd') {
        cwd = join(cwd, first ?? '');
        return undefined;
      }
      if (tool === 'echo' || (tool === 'corepack' && first === 'enable')) return undefined;
      if (tool === 'node') {
        const file = words.slice(1).find((word) => !word.startsWith('-'));
        return file && existsSync(join(workspace.root, file)) ? undefined : `no file ${file}`;
      }
      if (tool === 'npm' && (first === 'install' || first === 'i')) {
        const scoped = rest.filter((word) => word.startsWith('@lp/'));
        const missing = scoped.filter((name) => !workspace.releaseSet.includes(name.replace(/@[^@/]*$/, '')));
        const paths = rest.filter((word) => word.includes('.release/'));
        if (paths.length > 0 && !paths.every((path) => path.endsWith('.release/*.tgz'))) {
          return `tarballs other than .release/*.tgz: ${paths.join(' ')}`;
        }
        return missing.length > 0 ? `not in the release set: ${missing.join(', ')}` : undefined;
      }
      if (tool !== 'pnpm') return `unknown command '${tool}': mark the block no-run or teach checkShell`;
      if (first === 'install') return undefined;
      if (first === 'exec') {
        const bin = rest[0] ?? '';
        return existsSync(join(workspace.root, 'node_modules/.bin', bin)) ? undefined : `no binary ${bin}`;
      }
      if (first === '--filter' || first === '-F') {
        const [name = '', script = ''] = rest;
        const found = workspace.packages.get(name);
        if (!found) return `no workspace package ${name}`;
        if (script === 'exec' || script === 'add') return undefined;
        return found.scripts[script] ? undefined : `${name} has no script '${script}'`;
      }
      if (first === 'run')
        return workspace.rootScripts[rest[0] ?? ''] ? undefined : `no root script ${rest[0]}`;
      return workspace.rootScripts[first ?? ''] ? undefined : `no root script '${first}'`;
    })();
    if (problem) problems.push(`${command}: ${problem}`);
  }
  return problems;
}
