import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root: the nearest folder above this module holding pnpm-workspace.yaml (else the cwd). */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = dirname(dir);
    if (parent === dir) return resolve('.');
    dir = parent;
  }
}

export const defaultDataDir = () => join(repoRoot(), '.data', 'pglite');
export const defaultUploadDir = () => join(repoRoot(), '.data', 'uploads');
