/**
 * The only Konva modules the editor loads (DESIGN 4: 'konva/lib/Core' plus the shapes used, so the lazy chunk
 * stays within its 60 KB budget). Every other render file imports Konva through here.
 */
import Konva from 'konva/lib/Core';
import { Image as KonvaImage } from 'konva/lib/shapes/Image';
import { Line } from 'konva/lib/shapes/Line';
import { Rect } from 'konva/lib/shapes/Rect';
import { Text } from 'konva/lib/shapes/Text';
import { Transformer } from 'konva/lib/shapes/Transformer';

export { Konva, KonvaImage, Line, Rect, Text, Transformer };
export type { Layer } from 'konva/lib/Layer';
export type { Stage } from 'konva/lib/Stage';
export type { Shape } from 'konva/lib/Shape';
export type { KonvaEventObject } from 'konva/lib/Node';
