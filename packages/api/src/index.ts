export { createApi } from './createApi';
export { startApi } from './startApi';
export type { RunningApi } from './startApi';
export type { ApiOptions } from './options';
export { DEFAULT_CORS_ORIGINS, DEFAULT_RATE_LIMIT } from './options';
export { loadConfig } from './config';
