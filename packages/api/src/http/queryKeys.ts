import type { FastifyInstance } from 'fastify';

/**
 * Callers vary in case (spec 7: `companyId`, `CompanyId`), so query keys are matched to the route schema's
 * property names case-insensitively before validation, like the paths themselves.
 */
export function installQueryKeyNormaliser(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema?.querystring as
      | { properties?: Record<string, unknown> }
      | undefined;
    const names = schema?.properties ? Object.keys(schema.properties) : [];
    const query = request.query as Record<string, unknown> | undefined;
    if (names.length === 0 || !query || typeof query !== 'object') return;
    const canonical = new Map(names.map((name) => [name.toLowerCase(), name]));
    for (const key of Object.keys(query)) {
      const name = canonical.get(key.toLowerCase());
      if (!name || name === key) continue;
      const value = query[key];
      delete query[key];
      const previous = query[name];
      query[name] = previous === undefined ? value : ([] as unknown[]).concat(previous, value);
    }
  });
}
