// Session 23, operator: on a server with other users (nginx's worker, a deploy account), the shop's data must be
// its own user's alone. PGlite writes its files 0666 (world-writable), so the data folder itself is kept 0700, as
// PostgreSQL demands of its own; a backup file (every customer's data, password hashes, session tokens) is 0600
// whatever the umask. Real PGlite folders and the real backup command; POSIX modes only (not on Windows).
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runBackupCli } from '../src/db/backupCli';
import { createApi } from '../src/createApi';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lp-private-'));
  dirs.push(dir);
  return dir;
};
const modeOf = (path: string) => statSync(path).mode & 0o777;
const quiet = { out: () => undefined, err: (text: string) => void console.error(text) };

// The folder's PGlite is what this is about; on PostgreSQL the server keeps its own folder.
describe.skipIf(process.platform === 'win32' || process.env.TEST_DATABASE_URL)(
  'the data of a PGlite shop',
  () => {
    it("the data folder is its owner's alone, also one an earlier version left open to everyone", async () => {
      const dir = tempDir();
      const fresh = join(dir, 'fresh', 'pglite');
      const earlier = join(dir, 'earlier');
      mkdirSync(earlier, { mode: 0o755 });
      chmodSync(earlier, 0o755); // as an earlier version (or a umask of 022) left it
      for (const dataDir of [fresh, earlier]) {
        const api = await createApi({ dataDir, uploadDir: join(dir, 'no-uploads'), rateLimit: false });
        await api.close();
        expect(modeOf(dataDir), dataDir).toBe(0o700);
      }
    }, 120_000);

    it('a backup file is 0600 and a restored folder 0700, whatever the umask lets through', async () => {
      const dir = tempDir();
      const dataDir = join(dir, 'pglite');
      await (await createApi({ dataDir, uploadDir: join(dir, 'no-uploads'), rateLimit: false })).close();
      const file = join(dir, 'shop.tar.gz');
      expect(await runBackupCli('backup', [file], { env: { DATA_DIR: dataDir }, output: quiet })).toBe(0);
      expect(modeOf(file)).toBe(0o600);
      const restored = join(dir, 'restored', 'pglite');
      expect(await runBackupCli('restore', [file], { env: { DATA_DIR: restored }, output: quiet })).toBe(0);
      expect(modeOf(restored)).toBe(0o700);
      expect(readdirSync(join(dir, 'restored'))).toEqual(['pglite']);
    }, 120_000);
  },
);
