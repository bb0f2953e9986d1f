// The settings of the interactions bench (interactions.mjs): runs, CPU slowdown, time limit, groups, the phone.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const ROOT = join(here, '../../..');
export const RUNS = Math.max(1, Number(process.env.LP_INTERACTIONS_RUNS) || 5);
export const CPU = Math.max(1, Number(process.env.LP_INTERACTIONS_CPU) || 4);
export const TIMEOUT_S = Math.max(30, Number(process.env.LP_INTERACTIONS_TIMEOUT_S) || 420);
export const ONLY = process.env.LP_INTERACTIONS_ONLY?.split(',').filter(Boolean) ?? [];
/** Lines in the cart at least, for the checkout group (its summary and order review render every line). */
export const CHECKOUT_LINES = Math.max(1, Number(process.env.LP_INTERACTIONS_CHECKOUT_LINES) || 1);
/** Google's "good" INP. */
export const BUDGET_MS = 200;
/** Moto G Power as Lighthouse emulates it: 412 x 823 CSS px at 1.75 device pixels, touch. */
export const PHONE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
};
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
];
