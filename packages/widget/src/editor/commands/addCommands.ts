import { isIconName } from '../icons/iconPaths';
import {
  CANVAS_CENTRE,
  DEFAULT_BACKGROUND,
  DEFAULT_COLOUR,
  DEFAULT_FONT,
  DEFAULT_FONT_SIZE,
  DEFAULT_IMAGE_HEIGHT,
  DEFAULT_TOP,
  LIMITS,
  MAX_IMAGE_ASPECT,
} from '../model/constants';
import { newItemId } from '../model/createDocument';
import type { DesignDocument, DesignItem } from '../model/designTypes';
import { addActiveItem } from '../model/items';
import { isSafeImageUrl } from '../model/parseDesignDocument';
import { defineCommand } from './commandTypes';

const HEX = /^#[0-9a-f]{6}$/i;

/** A new item with the spec 9 defaults (Rubik 180, white, top 50), centred on the canvas centre line. */
function baseItem(
  type: DesignItem['type'],
  value: string,
  width: number,
  height: number,
  id?: string,
): DesignItem {
  return {
    id: id ?? newItemId(),
    type,
    active: true,
    value,
    font_family: DEFAULT_FONT,
    font_size: DEFAULT_FONT_SIZE,
    color: DEFAULT_COLOUR,
    letter_spacing: 0,
    top: DEFAULT_TOP,
    left: Math.round(CANVAS_CENTRE - width / 2),
    height,
    width,
    rotation: 0,
  };
}

function full(doc: DesignDocument): boolean {
  return doc.items.length >= LIMITS.maxItems;
}

export const addText = defineCommand<{ value?: string; id?: string } | undefined>({
  name: 'addText',
  label: 'Text',
  history: true,
  trackEvent: { action: 'add_text' },
  perform(doc, args) {
    if (full(doc)) return doc;
    const value = (args?.value ?? 'Ihr Text').slice(0, LIMITS.maxTextLength);
    // Width is a first guess; the store re-measures text items after every command.
    const width = Math.round(value.length * DEFAULT_FONT_SIZE * 0.58);
    return addActiveItem(doc, baseItem('text', value, width, DEFAULT_FONT_SIZE, args?.id));
  },
});

export const addSmile = defineCommand<{ value: string; id?: string }>({
  name: 'addSmile',
  label: 'Emoji',
  history: true,
  trackEvent: { action: 'add_emoji' },
  perform(doc, args) {
    if (full(doc) || typeof args?.value !== 'string' || args.value.length === 0 || args.value.length > 16) {
      return doc;
    }
    return addActiveItem(doc, baseItem('smile', args.value, DEFAULT_FONT_SIZE, DEFAULT_FONT_SIZE, args.id));
  },
});

export const addIcon = defineCommand<{ value: string; id?: string }>({
  name: 'addIcon',
  label: 'Symbol',
  history: true,
  trackEvent: { action: 'add_icon' },
  perform(doc, args) {
    if (full(doc) || !isIconName(args?.value)) return doc;
    return addActiveItem(
      doc,
      baseItem('icon', args.value, DEFAULT_IMAGE_HEIGHT, DEFAULT_IMAGE_HEIGHT, args.id),
    );
  },
});

/** Adds an uploaded image by URL; `aspect` is width / height of the picture. */
export const addImage = defineCommand<{ url: string; aspect: number; id?: string }>({
  name: 'addImage',
  label: 'Bild',
  history: true,
  trackEvent: { action: 'add_image' },
  perform(doc, args) {
    if (full(doc) || typeof args?.url !== 'string' || !isSafeImageUrl(args.url)) return doc;
    // Clamped both ways: the photo code refuses other shapes, but a page may dispatch any aspect.
    const aspect =
      Number.isFinite(args.aspect) && args.aspect > 0
        ? Math.min(Math.max(args.aspect, 1 / MAX_IMAGE_ASPECT), MAX_IMAGE_ASPECT)
        : 1;
    const height = DEFAULT_IMAGE_HEIGHT;
    const item = baseItem('image', args.url, Math.round(height * aspect), height, args.id);
    return addActiveItem(doc, item);
  },
});

/** Sets the one background colour (spec 3: the background item has a colour, top and left); `null` removes it. */
export const setBackground = defineCommand<{ color: string | null }>({
  name: 'setBackground',
  label: 'Hintergrund',
  history: true,
  trackEvent: { action: 'set_background' },
  perform(doc, args) {
    const existing = doc.items.find((i) => i.type === 'bg');
    if (args?.color === null) {
      return existing ? { ...doc, items: doc.items.filter((i) => i.type !== 'bg') } : doc;
    }
    const color = (args?.color ?? DEFAULT_BACKGROUND).toLowerCase();
    if (!HEX.test(color)) return doc;
    if (existing?.color === color) return doc;
    const bg: DesignItem = {
      ...baseItem('bg', '', doc.width, doc.height, existing?.id),
      active: false,
      color,
      top: 0,
      left: 0,
    };
    // The background always sits below every other item.
    return { ...doc, items: [bg, ...doc.items.filter((i) => i.type !== 'bg')] };
  },
});
