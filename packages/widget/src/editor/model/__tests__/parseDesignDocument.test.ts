import { describe, expect, it } from 'vitest';
import { addIcon, addImage, addText, setBackground } from '../../commands/addCommands';
import { createDocument } from '../createDocument';
import { isEditorError } from '../editorError';
import { parseDesignDocument } from '../parseDesignDocument';

function sample() {
  let doc = setBackground.perform(createDocument(), { color: '#112233' });
  doc = addText.perform(doc, { value: 'Autohaus Müller', id: 't' });
  doc = addIcon.perform(doc, { value: 'phone', id: 'p' });
  return addImage.perform(doc, { url: 'https://cdn.example/logo.png', aspect: 1.5, id: 'img' });
}

function refuse(input: unknown): string {
  try {
    parseDesignDocument(input);
  } catch (error) {
    expect(isEditorError(error) && error.code === 'invalidDocument').toBe(true);
    return (error as Error).message;
  }
  throw new Error('document was accepted');
}

function withItem(patch: Record<string, unknown>) {
  const doc = sample();
  return { ...doc, items: [{ ...doc.items[1], ...patch }] };
}

describe('parseDesignDocument', () => {
  it('round-trips a document through JSON', () => {
    const doc = sample();
    expect(parseDesignDocument(JSON.stringify(doc))).toEqual(doc);
  });

  it('refuses non-JSON, foreign shapes and other versions with a clear message', () => {
    expect(refuse('{nope')).toMatch(/not JSON/);
    expect(refuse(null)).toMatch(/expected an object/);
    expect(refuse([])).toMatch(/expected an object/);
    expect(refuse({ ...sample(), version: 2 })).toMatch(/unsupported version 2/);
    expect(refuse({ ...sample(), width: 100 })).toMatch(/6056 x 300/);
    expect(refuse({ ...sample(), items: 'x' })).toMatch(/items must be a list/);
  });

  it('refuses unknown item types and unknown fields', () => {
    expect(refuse(withItem({ type: 'script' }))).toMatch(/not a known item type/);
    expect(refuse(withItem({ onclick: 'alert(1)' }))).toMatch(/unknown field "onclick"/);
    expect(refuse(withItem({ __proto__: { polluted: true }, type: 'html' }))).toMatch(/item type/);
  });

  it('refuses out-of-range and non-finite numbers', () => {
    expect(refuse(withItem({ font_size: 1e9 }))).toMatch(/font_size must be between/);
    expect(refuse(withItem({ left: Number.NaN }))).toMatch(/left must be a finite number/);
    expect(refuse(withItem({ top: '50' }))).toMatch(/top must be a finite number/);
    expect(refuse(withItem({ rotation: 1000 }))).toMatch(/rotation/);
  });

  it('refuses too many items, long strings, bad colours and duplicate ids', () => {
    const doc = sample();
    const many = { ...doc, items: Array.from({ length: 201 }, (_, i) => ({ ...doc.items[1], id: `x${i}` })) };
    expect(refuse(many)).toMatch(/more than 200 items/);
    expect(refuse(withItem({ value: 'A'.repeat(5000) }))).toMatch(/longer than 200/);
    expect(refuse(withItem({ color: 'expression(alert(1))' }))).toMatch(/#rrggbb/);
    expect(refuse({ ...doc, items: [doc.items[1], doc.items[1]] })).toMatch(/not unique/);
    expect(refuse(withItem({ font_family: 'url(https://evil)' }))).toMatch(/font_family/);
    expect(refuse('x'.repeat(600_000))).toMatch(/too long/);
  });

  it('refuses non-URL image values and unknown icons', () => {
    expect(refuse(withItem({ type: 'image', value: 'javascript:alert(1)' }))).toMatch(/http\(s\) image URL/);
    expect(refuse(withItem({ type: 'image', value: 'data:image/svg+xml,<svg onload=x>' }))).toMatch(/URL/);
    expect(refuse(withItem({ type: 'image', value: 'https://user:pw@host/x.png' }))).toMatch(/URL/);
    expect(refuse(withItem({ type: 'icon', value: 'toString' }))).toMatch(/not a known icon/);
  });

  it('keeps only one active item', () => {
    const doc = sample();
    const tampered = { ...doc, items: doc.items.map((i) => ({ ...i, active: true })) };
    expect(parseDesignDocument(tampered).items.filter((i) => i.active)).toHaveLength(1);
  });
});
