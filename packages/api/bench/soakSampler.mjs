// Preloaded into each server of the soak (`node --import ./soakSampler.mjs`): appends the process's memory figures
// to SOAK_SAMPLE_FILE every SOAK_SAMPLE_MS, one JSON line each. Nothing of it runs in production.
import { appendFileSync } from 'node:fs';

const file = process.env.SOAK_SAMPLE_FILE;
if (file) {
  setInterval(
    () => {
      const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
      const sample = { at: Date.now(), rss, heapUsed, external, arrayBuffers };
      appendFileSync(file, `${JSON.stringify(sample)}\n`);
    },
    Number(process.env.SOAK_SAMPLE_MS ?? 5000),
  ).unref();
}
