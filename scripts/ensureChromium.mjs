// Browser tests drive Debian's Chromium (Playwright's own browser download is not reachable here).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM_PATH)) return true;
  const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
  try {
    process.stdout.write('Installing Chromium from Debian packages for the browser tests...\n');
    execSync(`${sudo}apt-get update -qq && ${sudo}apt-get install -y -qq --no-install-recommends chromium`, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch {
    process.stdout.write('Could not install Chromium; browser tests will fail.\n');
  }
  return existsSync(CHROMIUM_PATH);
}
