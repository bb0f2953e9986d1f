import { CANVAS_HEIGHT, CANVAS_WIDTH, DOCUMENT_VERSION } from './constants';
import type { DesignDocument } from './designTypes';

/** An empty design: no items, the canvas shows the default black background (spec 9). */
export function createDocument(): DesignDocument {
  return { version: DOCUMENT_VERSION, width: CANVAS_WIDTH, height: CANVAS_HEIGHT, items: [] };
}

let counter = 0;
/** A short id unique within a session; ids only need to be unique inside one document. */
export function newItemId(): string {
  counter += 1;
  return `i${Date.now().toString(36)}${counter.toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}
