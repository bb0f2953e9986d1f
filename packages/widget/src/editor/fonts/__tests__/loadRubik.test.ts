import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cssUrl, loadRubik, rubikCandidates } from '../loadRubik';

describe('Rubik font loading', () => {
  it('looks beside the module (the file sits there in src and in dist), or only at font-url when given', () => {
    const [beside, ...more] = rubikCandidates();
    expect(beside).toMatch(/\/rubik-latin-400-normal\.woff2$/);
    expect(existsSync(fileURLToPath(beside!))).toBe(true);
    expect(more).toEqual([]);
    expect(rubikCandidates('/fonts/r.woff2')).toEqual(['/fonts/r.woff2']);
  });

  it('cannot break out of the CSS url()', () => {
    expect(cssUrl('x") ; src: url(evil')).toBe('x%22%29%20;%20src:%20url%28evil');
  });

  it('resolves false without a DOM instead of throwing', async () => {
    expect(await loadRubik()).toBe(false);
  });
});
