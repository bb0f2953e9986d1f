import { describe, expect, it } from 'vitest';
import { addIcon, addText, setBackground } from '../addCommands';
import { alignCentre, alignLeft, alignRight } from '../alignCommands';
import { bringForward, sendBackward } from '../orderCommands';
import { deleteItem, deselect, duplicate, select } from '../selectionCommands';
import { updateStyle } from '../styleCommands';
import { moveBy, moveTo, resize, rotate } from '../transformCommands';
import { createDocument } from '../../model/createDocument';
import { activeItem, findItem } from '../../model/items';

function twoItems() {
  let doc = addText.perform(createDocument(), { id: 'a', value: 'Hallo' });
  doc = addIcon.perform(doc, { value: 'car', id: 'b' });
  return doc;
}

describe('selection commands', () => {
  it('selects one item by id and deselects the rest', () => {
    const doc = select.perform(twoItems(), { id: 'a' });
    expect(doc.items.map((i) => i.active)).toEqual([true, false]);
    expect(select.perform(doc, { id: 'missing' })).toBe(doc);
  });

  it('cycles with N steps and deselects with Escape', () => {
    let doc = deselect.perform(twoItems(), undefined);
    expect(activeItem(doc)).toBeUndefined();
    doc = select.perform(doc, { step: 1 });
    expect(activeItem(doc)?.id).toBe('a');
    doc = select.perform(doc, { step: 1 });
    expect(activeItem(doc)?.id).toBe('b');
    doc = select.perform(doc, { step: 1 });
    expect(activeItem(doc)?.id).toBe('a');
    doc = select.perform(doc, { step: -1 });
    expect(activeItem(doc)?.id).toBe('b');
  });

  it('never selects the background', () => {
    const doc = setBackground.perform(twoItems(), { color: '#123456' });
    const bgId = doc.items[0]!.id;
    expect(select.perform(doc, { id: bgId })).toBe(doc);
  });

  it('deletes the active item, or a named one, and nothing without a target', () => {
    const doc = twoItems();
    expect(deleteItem.perform(doc, undefined).items.map((i) => i.id)).toEqual(['a']);
    expect(deleteItem.perform(doc, { id: 'a' }).items.map((i) => i.id)).toEqual(['b']);
    const none = deselect.perform(doc, undefined);
    expect(deleteItem.perform(none, undefined)).toBe(none);
  });

  it('duplicates the active item offset by 40 px and selects the copy', () => {
    const doc = duplicate.perform(twoItems(), { newId: 'copy' });
    const copy = findItem(doc, 'copy')!;
    const source = findItem(doc, 'b')!;
    expect(copy).toMatchObject({ type: 'icon', value: 'car', active: true, left: source.left + 40 });
    expect(source.active).toBe(false);
  });
});

describe('align commands (spec 9: left 15, centre 3028, right edge 6041)', () => {
  it('aligns the box edges and centre', () => {
    const doc = twoItems();
    const b = findItem(doc, 'b')!;
    expect(findItem(alignLeft.perform(doc, undefined), 'b')!.left).toBe(15);
    expect(findItem(alignRight.perform(doc, undefined), 'b')!.left).toBe(6041 - b.width);
    const centred = findItem(alignCentre.perform(moveBy.perform(doc, { dx: 500, dy: 0 }), undefined), 'b')!;
    expect(centred.left + centred.width / 2).toBe(3028);
  });

  it('aligns the rotated bounds, not the unrotated box', () => {
    const doc = rotate.perform(twoItems(), { rotation: 45 });
    const item = findItem(alignLeft.perform(doc, undefined), 'b')!;
    const diagonalHalf = (item.width * Math.SQRT2) / 2;
    expect(item.left + item.width / 2 - diagonalHalf).toBeCloseTo(15, 0);
  });

  it('does nothing without an active item', () => {
    const doc = deselect.perform(twoItems(), undefined);
    expect(alignLeft.perform(doc, undefined)).toBe(doc);
  });
});

describe('transform commands', () => {
  it('moves by a delta and to a position, ignoring non-numbers', () => {
    const doc = twoItems();
    const b = findItem(doc, 'b')!;
    expect(findItem(moveBy.perform(doc, { dx: 10, dy: -5 }), 'b')).toMatchObject({
      left: b.left + 10,
      top: b.top - 5,
    });
    expect(findItem(moveTo.perform(doc, { left: 100, top: 20 }), 'b')).toMatchObject({ left: 100, top: 20 });
    expect(moveTo.perform(doc, { left: Number.NaN, top: 0 })).toBe(doc);
    expect(moveBy.perform(doc, { dx: '5' as unknown as number, dy: 0 })).toBe(doc);
  });

  it('keeps items from being thrown far off the canvas', () => {
    const moved = findItem(moveTo.perform(twoItems(), { left: 1e12, top: -1e12 }), 'b')!;
    expect(moved.left).toBe(12112);
    expect(moved.top).toBe(-6056);
  });

  it('nudges with arrow keys, Shift moves ten times as far', () => {
    expect(moveBy.keyArgs!({ key: 'ArrowLeft' })).toEqual({ dx: -10, dy: 0 });
    expect(moveBy.keyArgs!({ key: 'ArrowDown', shiftKey: true })).toEqual({ dx: 0, dy: 100 });
  });

  it('resizes keeping the aspect; text takes the height as font size', () => {
    const doc = twoItems();
    expect(findItem(resize.perform(doc, { height: 100 }), 'b')).toMatchObject({ height: 100, width: 100 });
    const text = findItem(resize.perform(doc, { id: 'a', height: 90 }), 'a')!;
    expect(text.font_size).toBe(90);
    expect(findItem(resize.perform(doc, { height: 1e9 }), 'b')!.height).toBe(1200);
    expect(findItem(resize.perform(doc, { height: -5 }), 'b')!.height).toBe(4);
  });

  it('applies a whole Transformer gesture (size, place, rotation) as one change', () => {
    const doc = resize.perform(twoItems(), { height: 100, left: 500, top: 20, rotation: 200 });
    expect(findItem(doc, 'b')).toMatchObject({ height: 100, width: 100, left: 500, top: 20, rotation: -160 });
  });

  it('rotates and normalises the angle to -180..180', () => {
    expect(findItem(rotate.perform(twoItems(), { rotation: 370 }), 'b')!.rotation).toBe(10);
    expect(findItem(rotate.perform(twoItems(), { rotation: -190 }), 'b')!.rotation).toBe(170);
  });
});

describe('updateStyle', () => {
  it('changes font size, colour, spacing and family of a text item', () => {
    const doc = updateStyle.perform(twoItems(), {
      id: 'a',
      font_size: 120,
      color: '#FF0000',
      letter_spacing: 12,
      font_family: 'Georgia',
      value: 'Neu',
    });
    expect(findItem(doc, 'a')).toMatchObject({
      font_size: 120,
      height: 120,
      color: '#ff0000',
      letter_spacing: 12,
      font_family: 'Georgia',
      value: 'Neu',
    });
  });

  it('ignores unknown fonts, bad colours and non-numbers, and returns the same document', () => {
    const doc = twoItems();
    const same = updateStyle.perform(doc, {
      id: 'a',
      font_family: 'Comic Sans',
      color: 'url(javascript:x)',
      font_size: Number.POSITIVE_INFINITY,
    });
    expect(same).toBe(doc);
  });

  it('clamps huge sizes', () => {
    expect(findItem(updateStyle.perform(twoItems(), { id: 'a', font_size: 99999 }), 'a')!.font_size).toBe(
      600,
    );
  });
});

describe('paint order', () => {
  it('moves an item forward and backward but never below the background', () => {
    let doc = setBackground.perform(twoItems(), { color: '#000000' });
    doc = select.perform(doc, { id: 'b' });
    doc = sendBackward.perform(doc, undefined);
    expect(doc.items.map((i) => i.type)).toEqual(['bg', 'icon', 'text']);
    expect(sendBackward.perform(doc, undefined)).toBe(doc);
    doc = bringForward.perform(doc, undefined);
    expect(doc.items.map((i) => i.type)).toEqual(['bg', 'text', 'icon']);
    expect(bringForward.perform(doc, undefined)).toBe(doc);
  });
});
