import { describe, expect, it } from 'vitest';
import { addIcon, addImage, addSmile, addText, setBackground } from '../addCommands';
import { createDocument } from '../../model/createDocument';
import { CANVAS_CENTRE, LIMITS } from '../../model/constants';
import { activeItem } from '../../model/items';

describe('add commands', () => {
  it('adds text with the spec 9 defaults, centred and active', () => {
    const doc = addText.perform(createDocument(), { value: 'Autohaus', id: 't1' });
    const item = doc.items[0]!;
    expect(item).toMatchObject({
      id: 't1',
      type: 'text',
      active: true,
      value: 'Autohaus',
      font_family: 'Rubik',
      font_size: 180,
      color: '#ffffff',
      top: 50,
      letter_spacing: 0,
      rotation: 0,
    });
    expect(item.left + item.width / 2).toBeCloseTo(CANVAS_CENTRE, -1);
  });

  it('deselects the other items and selects the new one (spec 4)', () => {
    let doc = addText.perform(createDocument(), { id: 'a' });
    doc = addIcon.perform(doc, { value: 'car', id: 'b' });
    doc = addSmile.perform(doc, { value: '😀', id: 'c' });
    expect(doc.items.filter((i) => i.active).map((i) => i.id)).toEqual(['c']);
    expect(activeItem(doc)?.type).toBe('smile');
  });

  it('adds icons only from the built-in set', () => {
    const doc = createDocument();
    expect(addIcon.perform(doc, { value: 'car' }).items[0]).toMatchObject({ type: 'icon', height: 200 });
    expect(addIcon.perform(doc, { value: '<script>' })).toBe(doc);
    expect(addIcon.perform(doc, { value: 'constructor' })).toBe(doc);
  });

  it('adds images only with an http(s) URL and keeps their aspect at height 200', () => {
    const doc = createDocument();
    const added = addImage.perform(doc, { url: 'https://cdn.example/a.png', aspect: 2 });
    expect(added.items[0]).toMatchObject({ type: 'image', height: 200, width: 400 });
    expect(addImage.perform(doc, { url: 'javascript:alert(1)', aspect: 1 })).toBe(doc);
    expect(addImage.perform(doc, { url: 'data:image/png;base64,AAAA', aspect: 1 })).toBe(doc);
    expect(addImage.perform(doc, { url: '/relative.png', aspect: 1 })).toBe(doc);
    expect(addImage.perform(doc, { url: 'https://x/a.png', aspect: Number.NaN }).items[0]?.width).toBe(200);
  });

  // Session 26 review: a 1 x 60,000 picture became a 0 px wide item, invisible and impossible to select.
  it('never makes an image item thinner than 1:50 either way', () => {
    const doc = createDocument();
    const sized = (aspect: number) => {
      const item = addImage.perform(doc, { url: 'https://x/a.png', aspect }).items[0]!;
      return [item.width, item.height];
    };
    expect(sized(1 / 60_000)).toEqual([4, 200]);
    expect(sized(5 / 3000)).toEqual([4, 200]);
    expect(sized(60_000)).toEqual([10_000, 200]);
    expect(sized(1 / 50)).toEqual([4, 200]);
  });

  it('refuses empty or oversized emoji values', () => {
    const doc = createDocument();
    expect(addSmile.perform(doc, { value: '' })).toBe(doc);
    expect(addSmile.perform(doc, { value: 'x'.repeat(40) })).toBe(doc);
  });

  it('truncates very long text to the limit', () => {
    const doc = addText.perform(createDocument(), { value: 'A'.repeat(10_000) });
    expect(doc.items[0]?.value.length).toBe(LIMITS.maxTextLength);
  });

  it('stops adding at the item limit', () => {
    let doc = createDocument();
    for (let i = 0; i < LIMITS.maxItems + 5; i++) doc = addIcon.perform(doc, { value: 'star' });
    expect(doc.items).toHaveLength(LIMITS.maxItems);
  });

  it('keeps one background at the bottom, changes its colour and removes it with null', () => {
    let doc = addText.perform(createDocument(), { id: 't' });
    doc = setBackground.perform(doc, { color: '#FF0000' });
    expect(doc.items[0]).toMatchObject({ type: 'bg', color: '#ff0000', top: 0, left: 0, active: false });
    expect(doc.items[1]?.active).toBe(true);
    const again = setBackground.perform(doc, { color: '#00ff00' });
    expect(again.items.filter((i) => i.type === 'bg')).toHaveLength(1);
    expect(again.items[0]?.color).toBe('#00ff00');
    expect(setBackground.perform(again, { color: 'red; background:url(x)' })).toBe(again);
    expect(setBackground.perform(again, { color: null }).items.some((i) => i.type === 'bg')).toBe(false);
  });
});
