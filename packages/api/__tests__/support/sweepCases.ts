/**
 * The route sweep's generator (routeSweep*.test.ts): from a route's TypeBox schemas and one valid request, every
 * hostile variant the team's rule names — per property: missing, null, wrong types, empty, huge, control and
 * format characters, prototype keys, unknown keys, edge numbers; whole bodies that are no object, huge or deeply
 * nested; path parameters that are empty, long, NUL, traversal or unicode. Deterministic: no randomness.
 */

/** The subset of a TypeBox (JSON) schema the generator walks. */
export interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  maxLength?: number;
  maximum?: number;
}

/** A JSON token written into the body as it is: 2^53+1 and 1e400 have no exact JavaScript number. */
class RawNumber {
  constructor(readonly token: string) {}
}

const HUGE = 'x'.repeat(100_000);

/** Every hostile value of one property; `text` is how a query string or a form field carries it. */
export const HOSTILE_VALUES: readonly { label: string; value: unknown }[] = [
  { label: 'null', value: null },
  { label: 'a number', value: 7 },
  { label: 'a numeric string', value: '7' },
  // false: no valid body of the shop holds it (deleteAccount's confirm must be true).
  { label: 'a boolean', value: false },
  { label: 'an array', value: ['x', 'y'] },
  { label: 'an object', value: { a: 1 } },
  { label: 'an empty string', value: '' },
  { label: 'a 100,000-character string', value: HUGE },
  { label: 'a lone surrogate', value: 'a\ud800b' },
  { label: 'a NUL', value: 'a\u0000b' },
  { label: 'bidi controls', value: '\u202eB-AB 123\u202c\u2066x\u2069' },
  { label: 'U+2028', value: 'a\u2028b' },
  { label: '-1', value: -1 },
  { label: '0', value: 0 },
  { label: '1.5', value: 1.5 },
  { label: '2^31', value: 2 ** 31 },
  { label: '2^53+1', value: new RawNumber('9007199254740993') },
  { label: '1e308', value: 1e308 },
  { label: '1e400 (Infinity once parsed)', value: new RawNumber('1e400') },
];

/** The query string's and form field's form of a value (arrays repeat the key; objects use bracket keys). */
function textOf(value: unknown): string | string[] | undefined {
  if (value instanceof RawNumber) return value.token;
  if (value === null) return 'null';
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'object') return undefined;
  return String(value);
}

export interface BodyCase {
  label: string;
  /** The JSON text sent (or, for `contentType`, the bytes). */
  payload: string;
  contentType?: string;
}

/** JSON text of `body` with its RawNumber values written as their tokens. */
export function jsonOf(body: unknown): string {
  const tokens: string[] = [];
  const text = JSON.stringify(body, (_key, value) => {
    if (!(value instanceof RawNumber)) return value;
    tokens.push(value.token);
    return `\u0000raw${tokens.length - 1}\u0000`;
  });
  return text.replace(/"\\u0000raw(\d+)\\u0000"/g, (_match, index: string) => tokens[Number(index)]!);
}

type Path = (string | number)[];
interface PropertyPath {
  path: Path;
  required: boolean;
  schema: Schema | undefined;
  valid: unknown;
}

/** Every property path of the body, schema first (so a property the valid body leaves out is swept too). */
function propertyPaths(schema: Schema | undefined, value: unknown, depth = 0): PropertyPath[] {
  if (depth > 4) return [];
  const below = (step: string | number, inner: Schema | undefined, innerValue: unknown) =>
    // Deeper only where the valid body has a value, so the rest of the body stays valid around the change.
    innerValue === undefined
      ? []
      : propertyPaths(inner, innerValue, depth + 1).map((p) => ({ ...p, path: [step, ...p.path] }));
  if (schema?.type === 'array' || Array.isArray(value)) {
    const first = Array.isArray(value) ? value[0] : undefined;
    if (first === undefined) return [];
    return [
      { path: [0], required: true, schema: schema?.items, valid: first },
      ...below(0, schema?.items, first),
    ];
  }
  const record = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const keys = [...new Set([...Object.keys(schema?.properties ?? {}), ...Object.keys(record)])];
  return keys.flatMap((key) => {
    const inner = schema?.properties?.[key];
    const required = schema?.required?.includes(key) ?? key in record;
    return [{ path: [key], required, schema: inner, valid: record[key] }, ...below(key, inner, record[key])];
  });
}

/** A deep copy of `body` with the value at `path` replaced (or deleted when `value` is `missing`). */
const MISSING = Symbol('missing');
function withValue(body: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === MISSING) delete node[last];
  else node[last] = value;
  return copy;
}

/**
 * Values at the schema's own bounds, where a schema and the database (a CHECK, an index) or a handler's rule may
 * disagree: the valid value padded to the longest length the schema takes, once with 'x' and once with 'İ' (whose
 * lower case is longer: e-mail addresses are stored lower-cased), and the largest number it takes.
 */
function boundaryValues(schema: Schema | undefined, valid: unknown): { label: string; value: unknown }[] {
  if (schema?.type === 'string' && schema.maxLength !== undefined) {
    const start = typeof valid === 'string' ? valid.slice(0, schema.maxLength) : '';
    return [
      { label: `${schema.maxLength} characters (its maxLength)`, value: start.padEnd(schema.maxLength, 'x') },
      { label: `${schema.maxLength} characters ending in İ`, value: start.padEnd(schema.maxLength, 'İ') },
    ];
  }
  if ((schema?.type === 'integer' || schema?.type === 'number') && schema.maximum !== undefined) {
    return [{ label: `${schema.maximum} (its maximum)`, value: schema.maximum }];
  }
  return [];
}

/**
 * The values swept at one path: all of them at the top level; a deterministic third deeper down (rotating with
 * the path's number, so every value still meets some nested property) to keep the sweep well under a minute.
 */
function valuesFor({ path, schema, valid }: PropertyPath, index: number) {
  const all = path.length === 1 ? HOSTILE_VALUES : HOSTILE_VALUES.filter((_, i) => (i + index) % 3 === 0);
  return [...all, ...boundaryValues(schema, valid)];
}

/** The per-property cases of a JSON body: each property missing (when required) or set to each hostile value. */
export function propertyCases(schema: Schema | undefined, valid: unknown): BodyCase[] {
  const cases: BodyCase[] = [];
  propertyPaths(schema, valid).forEach((property, index) => {
    const name = property.path.join('.');
    if (property.required) {
      cases.push({ label: `${name} missing`, payload: jsonOf(withValue(valid, property.path, MISSING)) });
    }
    for (const { label, value } of valuesFor(property, index)) {
      cases.push({ label: `${name} = ${label}`, payload: jsonOf(withValue(valid, property.path, value)) });
    }
  });
  return cases;
}

/** JSON text of an object with one more key written first (a `__proto__` key cannot be written by a literal). */
const withKey = (key: string, json: string, body: string) =>
  body === '{}' ? `{${JSON.stringify(key)}:${json}}` : `{${JSON.stringify(key)}:${json},${body.slice(1)}`;

const nested = (depth: number, open: string, close: string) => open.repeat(depth) + close.repeat(depth);

/** Whole-body cases: prototype and unknown keys on the valid body, bodies that are no object, huge or deep. */
export function wholeBodyCases(valid: unknown): BodyCase[] {
  const body = jsonOf(valid ?? {});
  const isObject = body.startsWith('{');
  const firstKey = isObject ? (Object.keys(valid ?? {})[0] ?? 'x') : 'x';
  const bigString = (size: number) => `{${JSON.stringify(firstKey)}:"${'x'.repeat(size)}"}`;
  return [
    ...(isObject
      ? [
          { label: 'a __proto__ key', payload: withKey('__proto__', '{"isAdmin":true,"polluted":1}', body) },
          {
            label: 'a constructor key',
            payload: withKey('constructor', '{"prototype":{"polluted":1}}', body),
          },
          { label: 'an unknown extra key', payload: withKey('zzUnknownKey', '"x"', body) },
        ]
      : []),
    { label: 'body []', payload: '[]' },
    { label: 'body "x"', payload: '"x"' },
    { label: 'body null', payload: 'null' },
    { label: 'body 1', payload: '1' },
    { label: 'body {}', payload: '{}' },
    { label: 'a 1 MB body', payload: bigString(1024 * 1024) },
    { label: 'a 10 MB body', payload: bigString(10 * 1024 * 1024) },
    { label: 'JSON nested 10,000 deep (arrays)', payload: nested(10_000, '[', ']') },
    {
      label: 'JSON nested 10,000 deep (objects, in a property)',
      payload: `{${JSON.stringify(firstKey)}:${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}}`,
    },
    { label: 'a body that is not UTF-8', payload: '{"x":"M\u00fcller"}', contentType: 'latin1' },
    { label: 'JSON declared as Latin-1', payload: body, contentType: 'application/json; charset=iso-8859-1' },
    { label: 'JSON sent as text/plain', payload: body, contentType: 'text/plain' },
    { label: 'JSON sent as a form', payload: body, contentType: 'application/x-www-form-urlencoded' },
    { label: 'an unknown content type', payload: body, contentType: 'application/x-sweep' },
    {
      label: 'a multipart form',
      payload: multipartOf('b', [{ name: firstKey, value: 'x' }]).toString('latin1'),
      contentType: 'multipart/form-data; boundary=b',
    },
  ];
}

export interface QueryCase {
  label: string;
  query: string;
}

/** Query values as they stand in a URL: bytes that are no UTF-8 text, and percent signs with no byte after them. */
const RAW_QUERY_VALUES = [
  ['an encoded lone surrogate (not UTF-8)', '%ED%A0%80'],
  ['an encoded NUL', 'a%00b'],
  ['broken percent-encoding', '%E0%A4%A'],
  ['a lone percent sign', '%'],
] as const;

/** The query string of a record of values (arrays repeat the key; undefined is left out). */
export function queryOf(values: Record<string, unknown>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === MISSING || value === undefined) continue;
    const text = textOf(value);
    if (text === undefined) search.append(`${key}[a]`, '1');
    else for (const one of [text].flat()) search.append(key, one);
  }
  return search.toString();
}

/** Per-property cases of a query string: each property missing (when required) or set to each hostile value. */
export function queryCases(schema: Schema | undefined, valid: Record<string, unknown>): QueryCase[] {
  const cases: QueryCase[] = [];
  const keys = [...new Set([...Object.keys(schema?.properties ?? {}), ...Object.keys(valid)])];
  for (const key of keys) {
    if (schema?.required?.includes(key)) {
      cases.push({ label: `${key} missing`, query: queryOf({ ...valid, [key]: MISSING }) });
    }
    for (const { label, value } of [
      ...HOSTILE_VALUES,
      ...boundaryValues(schema?.properties?.[key], valid[key]),
    ]) {
      cases.push({ label: `${key} = ${label}`, query: queryOf({ ...valid, [key]: value }) });
    }
    // Written as they stand in a URL: URLSearchParams would turn a lone surrogate into U+FFFD.
    const rest = queryOf({ ...valid, [key]: MISSING });
    for (const [label, raw] of RAW_QUERY_VALUES)
      cases.push({ label: `${key} = ${label}`, query: `${rest}&${key}=${raw}` });
  }
  cases.push({ label: 'a __proto__ key', query: `${queryOf(valid)}&__proto__=x&constructor=y` });
  cases.push({ label: 'an unknown extra key', query: `${queryOf(valid)}&zzUnknownKey=x` });
  cases.push({ label: 'a 100,000-character query', query: `${queryOf(valid)}&q=${HUGE}` });
  return cases;
}

/** Hostile path parameter values, already as they stand in a URL. */
export const PATH_VALUES: readonly { label: string; segment: string }[] = [
  { label: 'empty', segment: '' },
  { label: '10,000 characters', segment: 'x'.repeat(10_000) },
  { label: '%00', segment: '%00' },
  { label: '..%2F', segment: '..%2F..%2Fetc%2Fpasswd' },
  { label: 'unicode', segment: encodeURIComponent('Müller😀\u202e') },
  { label: 'an encoded lone surrogate (not UTF-8)', segment: '%ED%A0%80' },
  { label: 'broken percent-encoding', segment: '%E0%A4%A' },
];

/** The route's URL with each `:name` filled from `values` (encoded), `override` replacing one of them as it is. */
export function fillPath(url: string, values: Record<string, string>, override?: [string, string]): string {
  return url.replace(/:(\w+)/g, (_match, name: string) =>
    override?.[0] === name ? override[1] : encodeURIComponent(values[name] ?? 'x'),
  );
}

/** The form fields of a multipart body written by hand (file parts named `image.png`). */
export function multipartOf(
  boundary: string,
  parts: { name: string; value: string | Buffer; file?: boolean }[],
): Buffer {
  const chunks = parts.flatMap(({ name, value, file }) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="image.png"' : ''}\r\n` +
        `${file ? 'Content-Type: image/png\r\n' : ''}\r\n`,
    ),
    Buffer.from(value),
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]);
}

/** Hostile values of the headers the API reads as input (CartGuid, Idempotency-Key), as they stand on the wire. */
export const HEADER_VALUES: readonly { label: string; value: string }[] = [
  { label: 'empty', value: '' },
  { label: 'not a guid', value: 'not-a-guid' },
  { label: 'a guid with a tail', value: '00000000-0000-4000-8000-000000000000x' },
  { label: '10,000 characters', value: 'x'.repeat(10_000) },
  { label: 'Latin-1 bytes', value: 'M\u00fcller' },
  { label: 'a list', value: '00000000-0000-4000-8000-000000000000, 00000000-0000-4000-8000-000000000001' },
  { label: 'SQL', value: "' OR 1=1 --" },
];

/** The CompanyId field's hostile values as a form carries them (text only). */
export const formValues = () =>
  HOSTILE_VALUES.flatMap(({ label, value }) => {
    const text = textOf(value);
    return typeof text === 'string' ? [{ label, text }] : [];
  });
