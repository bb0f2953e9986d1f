import type { TestProject } from 'vitest/node';
// A relative import instead of a workspace dependency, as in the SDK's tests (@lp/api depends on @lp/sdk).
import { startApi } from '../../../api/src/index';

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
  }
}

/**
 * Starts the real API (random port, in-memory database) once for this package's tests. It runs here, in Node,
 * rather than inside a test file: the DOM environment's own `URL` class trips Node's worker start-up in the API.
 */
export default async function setup(project: TestProject) {
  const api = await startApi({ port: 0, host: '127.0.0.1', dataDir: 'memory', rateLimit: false });
  project.provide('apiUrl', api.url);
  return () => api.close();
}
