import { describe, expect, it } from 'vitest';
import { cssUrl, loadRubik, rubikCandidates } from '../loadRubik';

describe('Rubik font loading', () => {
  it('looks beside the built chunk, then in the npm package, or only at font-url when given', () => {
    const [beside, pkg] = rubikCandidates();
    expect(beside).toMatch(/\/rubik-latin-400-normal\.woff2$/);
    expect(pkg).toMatch(/@fontsource\/rubik\/files\/rubik-latin-400-normal\.woff2$/);
    expect(rubikCandidates('/fonts/r.woff2')).toEqual(['/fonts/r.woff2']);
  });

  it('cannot break out of the CSS url()', () => {
    expect(cssUrl('x") ; src: url(evil')).toBe('x%22%29%20;%20src:%20url%28evil');
  });

  it('resolves false without a DOM instead of throwing', async () => {
    expect(await loadRubik()).toBe(false);
  });
});
