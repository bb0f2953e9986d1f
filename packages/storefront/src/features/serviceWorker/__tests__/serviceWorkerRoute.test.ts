// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createServiceWorkerFiles } from '../../../../server/serviceWorkerRoute';

const manifest = {
  'src/entry-client.tsx': {
    file: 'assets/app-1.js',
    css: ['assets/app-1.css'],
    imports: ['_framework.js'],
    isEntry: true,
  },
  '_framework.js': { file: 'assets/framework-2.js' },
  'src/pages/CartPage.tsx': { file: 'assets/CartPage-3.js', isDynamicEntry: true },
};

describe('/sw.js and /offline.html from the Vite manifest', () => {
  const files = createServiceWorkerFiles(manifest as never, '1.32.0');

  it('precaches the entry, its static imports and styles plus the offline page, not lazy routes', () => {
    const sw = files('/sw.js');
    expect(sw?.type).toMatch(/^text\/javascript/);
    const config = JSON.parse(/\)\(self, (.*)\);\s*$/.exec(sw?.body ?? '')?.[1] ?? 'null') as {
      precache: string[];
      cacheName: string;
    };
    expect(config.precache).toEqual([
      '/assets/app-1.js',
      '/assets/framework-2.js',
      '/assets/app-1.css',
      '/offline.html',
    ]);
    expect(config.cacheName).toMatch(/^lp-shell-1\.32\.0-/);
  });

  it('the offline page links the shell stylesheet; other paths are not served here', () => {
    expect(files('/offline.html')?.body).toContain('href="/assets/app-1.css"');
    for (const path of ['/', '/sw.js/', '/SW.JS', '/assets/app-1.js', '/offline.html?x', ''])
      expect(files(path)).toBeUndefined();
  });
});
