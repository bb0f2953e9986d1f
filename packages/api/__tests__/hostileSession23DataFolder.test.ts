// Session 24, hostile: session 23 keeps the PGlite data folder 0700 at every start (db/privateFolder.ts). A careless
// operator who points DATA_DIR at a folder that holds other files (`/srv/shop` beside the storefront's build,
// `/var/www`) had PGlite create its database among them, and the chmod locked everyone else out (nginx's worker: a
// 403 for the whole site). Such a folder is now refused, untouched; a new, empty or mount-point folder still opens.
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApi } from '../src/createApi';
import { lpApi } from './support/cliProcess';

const root = mkdtempSync(join(tmpdir(), 'lp-hostile-folder-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const modeOf = (path: string) => statSync(path).mode & 0o777;

// PGlite's folder is what this is about; on PostgreSQL the server keeps its own folder.
describe.skipIf(process.platform === 'win32' || process.env.TEST_DATABASE_URL)(
  'DATA_DIR of a PGlite shop',
  () => {
    it('a folder with other files (a website) is refused by `lp-api`, its files and mode untouched', async () => {
      const site = join(root, 'www');
      mkdirSync(join(site, 'assets'), { recursive: true });
      writeFileSync(join(site, 'index.html'), '<h1>Autohaus</h1>\n');
      chmodSync(site, 0o755);
      const run = await (await lpApi([], { DATA_DIR: site, PORT: '0' })).exited;
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toBe(
        `The data folder ${site} holds other files (assets, index.html) and no shop database: set DATA_DIR to a new or empty folder of its own. Nothing was changed.`,
      );
      expect(modeOf(site)).toBe(0o755);
      expect(readdirSync(site).sort()).toEqual(['assets', 'index.html']);
    });

    it("a mount point's folder (lost+found) or one with dot files opens and is kept 0700; so does a shop's folder", async () => {
      const mount = join(root, 'volume');
      mkdirSync(join(mount, 'lost+found'), { recursive: true });
      writeFileSync(join(mount, '.gitkeep'), '');
      // What Windows writes into a folder it shows (review of session 24).
      writeFileSync(join(mount, 'desktop.ini'), '');
      writeFileSync(join(mount, 'Thumbs.db'), '');
      chmodSync(mount, 0o755);
      for (let start = 0; start < 2; start++) {
        // The second start opens the folder the first one filled, now holding the shop's database and more.
        if (start === 1) writeFileSync(join(mount, 'notes.txt'), 'written by the operator\n');
        const api = await createApi({
          dataDir: mount,
          uploadDir: join(root, 'no-uploads'),
          rateLimit: false,
        });
        await api.close();
        expect(modeOf(mount)).toBe(0o700);
        expect(readdirSync(mount)).toContain('PG_VERSION');
      }
    }, 120_000);

    it('a DATA_DIR that is a file says so in one line', async () => {
      const file = join(root, 'a-file');
      writeFileSync(file, 'not a folder\n');
      const run = await (await lpApi([], { DATA_DIR: file, PORT: '0' })).exited;
      expect(run.code).toBe(1);
      expect(run.stderr.trim()).toBe(
        `DATA_DIR ${file} is a file, not a folder: set DATA_DIR to a new or empty folder.`,
      );
    });
  },
);
