import Ajv from 'ajv';
import type { FastifyInstance } from 'fastify';

/**
 * Bodies are validated strictly (no type coercion: `"5"` or `true` is not a quantity); query strings and path
 * parameters arrive as text, so they are coerced (`companyId=1001` is a number, `Statuses` may repeat).
 */
export function installValidatorCompiler(app: FastifyInstance): void {
  const common = { allErrors: false, removeAdditional: false, useDefaults: true, strict: false } as const;
  const bodyAjv = new Ajv({ ...common, coerceTypes: false });
  const textAjv = new Ajv({ ...common, coerceTypes: 'array' });
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? bodyAjv : textAjv).compile(schema as object),
  );
}
