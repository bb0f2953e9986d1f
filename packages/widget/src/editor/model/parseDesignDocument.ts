import { isIconName } from '../icons/iconPaths';
import { CANVAS_HEIGHT, CANVAS_WIDTH, DOCUMENT_VERSION, FONT_FAMILIES, LIMITS } from './constants';
import type { DesignDocument, DesignItem, DesignItemType } from './designTypes';
import { EditorError } from './editorError';

const TYPES: readonly DesignItemType[] = ['text', 'smile', 'icon', 'image', 'bg'];
const ITEM_KEYS = new Set([
  'id',
  'type',
  'active',
  'value',
  'font_family',
  'font_size',
  'color',
  'letter_spacing',
  'top',
  'left',
  'height',
  'width',
  'rotation',
]);
const HEX = /^#[0-9a-f]{6}$/i;
const ID = /^[A-Za-z0-9_-]{1,40}$/;

function fail(message: string): never {
  throw new EditorError('invalidDocument', `Invalid design document: ${message}`);
}

function num(value: unknown, where: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(`${where} must be a finite number`);
  if (value < min || value > max) fail(`${where} must be between ${min} and ${max}, got ${value}`);
  return value;
}

/** Only absolute http(s) URLs: no data:, javascript: or relative paths end up in an <img> or a cart line. */
export function isSafeImageUrl(value: string): boolean {
  if (value.length > LIMITS.maxUrlLength) return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && url.username === '' && url.password === ''
    );
  } catch {
    return false;
  }
}

function parseValue(type: DesignItemType, value: unknown, where: string): string {
  if (typeof value !== 'string') fail(`${where}.value must be a string`);
  if (type === 'text' && (value.length > LIMITS.maxTextLength || value.includes('\u0000'))) {
    fail(`${where}.value is longer than ${LIMITS.maxTextLength} characters`);
  }
  if (type === 'smile' && (value.length === 0 || value.length > 16)) fail(`${where}.value is not one emoji`);
  if (type === 'icon' && !isIconName(value)) fail(`${where}.value is not a known icon`);
  if (type === 'image' && !isSafeImageUrl(value)) fail(`${where}.value is not an http(s) image URL`);
  return value;
}

function parseItem(raw: unknown, index: number): DesignItem {
  const where = `items[${index}]`;
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) fail(`${where} must be an object`);
  const r = raw as Record<string, unknown>;
  for (const key of Object.keys(r)) if (!ITEM_KEYS.has(key)) fail(`${where} has unknown field "${key}"`);
  const type = r.type as DesignItemType;
  if (!TYPES.includes(type)) fail(`${where}.type "${String(r.type).slice(0, 20)}" is not a known item type`);
  if (typeof r.id !== 'string' || !ID.test(r.id)) fail(`${where}.id must be 1-40 letters, digits, - or _`);
  if (typeof r.active !== 'boolean') fail(`${where}.active must be true or false`);
  if (typeof r.color !== 'string' || !HEX.test(r.color)) fail(`${where}.color must be a #rrggbb colour`);
  if (!FONT_FAMILIES.includes(r.font_family as never)) fail(`${where}.font_family is not an allowed font`);
  return {
    id: r.id,
    type,
    active: r.active,
    value: parseValue(type, r.value, where),
    font_family: r.font_family as DesignItem['font_family'],
    font_size: num(r.font_size, `${where}.font_size`, LIMITS.minFontSize, LIMITS.maxFontSize),
    color: r.color.toLowerCase(),
    letter_spacing: num(
      r.letter_spacing,
      `${where}.letter_spacing`,
      -LIMITS.maxLetterSpacing,
      LIMITS.maxLetterSpacing,
    ),
    top: num(r.top, `${where}.top`, LIMITS.minCoord, LIMITS.maxCoord),
    left: num(r.left, `${where}.left`, LIMITS.minCoord, LIMITS.maxCoord),
    height: num(r.height, `${where}.height`, 0, LIMITS.maxHeight),
    width: num(r.width, `${where}.width`, 0, LIMITS.maxWidth),
    rotation: num(r.rotation, `${where}.rotation`, -360, 360),
  };
}

/**
 * Validates a stored or received design (JSON text or parsed value) and returns a clean copy. Refuses foreign or
 * tampered documents with an {@link EditorError} `invalidDocument` whose message names the first problem. Never
 * evaluates anything: JSON.parse plus checks of every field.
 *
 * @example
 * const doc = parseDesignDocument(localStorage.getItem(key) ?? '');
 */
export function parseDesignDocument(input: unknown): DesignDocument {
  let data = input;
  if (typeof input === 'string') {
    if (input.length > 500_000) fail('the text is too long');
    try {
      data = JSON.parse(input);
    } catch {
      fail('not JSON');
    }
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) fail('expected an object');
  const d = data as Record<string, unknown>;
  if (d.version !== DOCUMENT_VERSION) fail(`unsupported version ${String(d.version).slice(0, 20)}`);
  if (d.width !== CANVAS_WIDTH || d.height !== CANVAS_HEIGHT) {
    fail(`canvas must be ${CANVAS_WIDTH} x ${CANVAS_HEIGHT}`);
  }
  if (!Array.isArray(d.items)) fail('items must be a list');
  if (d.items.length > LIMITS.maxItems) fail(`more than ${LIMITS.maxItems} items`);
  const items = d.items.map(parseItem);
  if (new Set(items.map((i) => i.id)).size !== items.length) fail('item ids are not unique');
  if (items.filter((i) => i.type === 'bg').length > 1) fail('more than one background');
  // spec 4: one active item at a time; a document with several keeps only the last one active.
  const lastActive = items.map((i) => i.active).lastIndexOf(true);
  const clean = items.map((item, i) => (item.active && i !== lastActive ? { ...item, active: false } : item));
  return { version: DOCUMENT_VERSION, width: CANVAS_WIDTH, height: CANVAS_HEIGHT, items: clean };
}
