/**
 * The only Konva modules the editor loads (DESIGN 4: 'konva/lib/Core' plus the shapes used, so the lazy chunk
 * stays within its 60 KB budget). Every other render file imports Konva through here.
 *
 * The specifiers carry `.js`: they stay external in dist/editor.js, and Node's ESM resolver (SSR frameworks
 * importing `@lp/widget/editor`) adds no extension to a deep import of a package without an exports map (Konva 9).
 * Konva 10's exports map lists `./lib/*.js` too.
 */
import Konva from 'konva/lib/Core.js';
import { Image as KonvaImage } from 'konva/lib/shapes/Image.js';
import { Line } from 'konva/lib/shapes/Line.js';
import { Rect } from 'konva/lib/shapes/Rect.js';
import { Text } from 'konva/lib/shapes/Text.js';
import { Transformer } from 'konva/lib/shapes/Transformer.js';

export { Konva, KonvaImage, Line, Rect, Text, Transformer };
export type { Layer } from 'konva/lib/Layer.js';
export type { Stage } from 'konva/lib/Stage.js';
export type { Shape } from 'konva/lib/Shape.js';
export type { KonvaEventObject } from 'konva/lib/Node.js';
