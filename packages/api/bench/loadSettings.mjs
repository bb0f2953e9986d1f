// The API load test's settings (loadTest.mjs): load, durations, cart counts and the budgets of DESIGN 7.

export const CONNECTIONS = 64;
export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 3);
export const WARMUP_S = Number(process.env.BENCH_WARMUP_SECONDS ?? 1);
export const CARTS = Number(process.env.BENCH_CARTS ?? 512);
export const BIG_LINES = 100; // MAX_CART_LINES of @lp/sdk/contract: a full cart
export const BUDGET = { p99Ms: 50, getCartUs: 600, addCartItemUs: 900, bigCartRatio: 1.2 };
