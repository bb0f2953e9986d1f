import { FONT_FAMILIES, LIMITS } from '../model/constants';
import type { DesignItem } from '../model/designTypes';
import { clamp } from '../model/geometry';
import { targetId, updateItem } from '../model/items';
import { defineCommand } from './commandTypes';

const HEX = /^#[0-9a-f]{6}$/i;

/** Style fields a shopper can change in the property panel; `value` edits a text item's words. */
export interface StyleChange {
  id?: string;
  font_size?: number;
  color?: string;
  letter_spacing?: number;
  font_family?: string;
  value?: string;
}

function finite(n: unknown): n is number {
  return typeof n === 'number' && Number.isFinite(n);
}

/** Applies only the valid parts of a change; invalid values are ignored rather than stored. */
function applyStyle(item: DesignItem, change: StyleChange): DesignItem {
  const next: DesignItem = { ...item };
  if (typeof change.color === 'string' && HEX.test(change.color)) next.color = change.color.toLowerCase();
  if (item.type === 'bg') return next.color === item.color ? item : next;
  const textLike = item.type === 'text' || item.type === 'smile';
  if (textLike && finite(change.font_size)) {
    next.font_size = Math.round(clamp(change.font_size, LIMITS.minFontSize, LIMITS.maxFontSize));
    next.height = next.font_size;
  }
  if (item.type === 'text') {
    if (finite(change.letter_spacing)) {
      next.letter_spacing = Math.round(
        clamp(change.letter_spacing, -LIMITS.maxLetterSpacing, LIMITS.maxLetterSpacing),
      );
    }
    if (FONT_FAMILIES.includes(change.font_family as never)) {
      next.font_family = change.font_family as DesignItem['font_family'];
    }
    if (typeof change.value === 'string') next.value = change.value.slice(0, LIMITS.maxTextLength);
  }
  const same = (Object.keys(next) as (keyof DesignItem)[]).every((k) => next[k] === item[k]);
  return same ? item : next;
}

export const updateStyle = defineCommand<StyleChange>({
  name: 'updateStyle',
  history: true,
  trackEvent: { action: 'update_style' },
  // Typing into the text field or dragging a number spinner is one undo step per field.
  coalesceKey: (args) =>
    `style:${args?.id ?? ''}:${Object.keys(args ?? {})
      .sort()
      .join(',')}`,
  perform(doc, args) {
    const id = targetId(doc, args);
    if (id === undefined || typeof args !== 'object' || args === null) return doc;
    return updateItem(doc, id, (item) => applyStyle(item, args));
  },
});
