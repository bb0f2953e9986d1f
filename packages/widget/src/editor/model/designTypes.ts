import type { FontFamily } from './constants';

/** Item kinds of spec 3 ("Design item (editor): type (text, smile, icon, image, bg)"). */
export type DesignItemType = 'text' | 'smile' | 'icon' | 'image' | 'bg';

/**
 * One item of a design (spec 3). Field names follow the spec (snake_case) so stored designs read like it.
 * `left`/`top` are the top-left corner of the unrotated box in canvas pixels; the item rotates around its centre.
 */
export interface DesignItem {
  id: string;
  type: DesignItemType;
  active: boolean;
  /** text: the words; smile: one emoji; icon: a built-in icon name; image: an http(s) URL; bg: '' */
  value: string;
  font_family: FontFamily;
  font_size: number;
  /** CSS hex colour '#rrggbb' (text/smile/icon fill, bg fill). */
  color: string;
  letter_spacing: number;
  top: number;
  left: number;
  height: number;
  width: number;
  /** Degrees, clockwise. */
  rotation: number;
}

/** A whole design: the print area of a plate holder (spec 9: 6056 x 300). */
export interface DesignDocument {
  version: 1;
  width: number;
  height: number;
  items: DesignItem[];
}
