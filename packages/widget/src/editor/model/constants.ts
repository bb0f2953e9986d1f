/** Editor constants of spec 9 ("Editor: canvas centre 3028; right-align edge 6041; left align 15 ..."). */
export const CANVAS_WIDTH = 6056;
export const CANVAS_HEIGHT = 300;
export const CANVAS_CENTRE = 3028;
export const ALIGN_RIGHT_EDGE = 6041;
export const ALIGN_LEFT = 15;
export const DEFAULT_FONT = 'Rubik';
export const DEFAULT_FONT_SIZE = 180;
export const DEFAULT_IMAGE_HEIGHT = 200;
/**
 * A picture's long side may be at most this many times its short side (session 26 review: a 1 x 60,000 px "picture"
 * became a 0 px wide item, invisible and impossible to select; a 60,000 x 1 one was stretched). 1:50 at the default
 * 200 px height is 4 px wide, the smallest item height the editor allows (LIMITS.minHeight).
 */
export const MAX_IMAGE_ASPECT = 50;
export const DEFAULT_TOP = 50;
export const DEFAULT_COLOUR = '#ffffff';
export const DEFAULT_BACKGROUND = '#000000';
/** spec 9: the editor switches to its mobile layout below 767 px. */
export const MOBILE_BREAKPOINT = 767;
/** spec 9: a touch is a tap when shorter than 500 ms and moved less than 10 px. */
export const TAP_MAX_MS = 500;
export const TAP_MAX_MOVE = 10;

/** Fonts a text item may use: Rubik is self-hosted, the others are system fonts (no third-party request). */
export const FONT_FAMILIES = ['Rubik', 'Arial', 'Georgia', 'Courier New', 'Impact'] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

/** Limits applied when a document is loaded from storage, a cart line or a file (never trust it). */
export const LIMITS = {
  maxItems: 200,
  maxTextLength: 200,
  maxUrlLength: 2048,
  minFontSize: 8,
  maxFontSize: 600,
  minHeight: 4,
  maxHeight: 1200,
  maxWidth: 20000,
  maxLetterSpacing: 200,
  /** Items may be dragged partly off the canvas, but not lost far away from it. */
  minCoord: -6056,
  maxCoord: 12112,
} as const;

/** Document format version written by this editor. */
export const DOCUMENT_VERSION = 1;
/** History entries kept for undo. */
export const HISTORY_CAP = 100;
