import { ICON_GRID, ICONS, type IconName, isIconName } from '../icons/iconPaths';
import { Konva, type Shape } from './konvaParts';

const paths = new Map<IconName, Path2D>();

function pathOf(name: IconName): Path2D {
  let path = paths.get(name);
  if (!path) {
    path = new Path2D(ICONS[name].path);
    paths.set(name, path);
  }
  return path;
}

/**
 * An icon drawn from its SVG path data with the canvas' own Path2D instead of Konva's Path shape, whose path
 * parser and arc maths would add ~20 KB to the editor chunk (DESIGN 7: 60 KB budget). Hit area is the whole
 * 24 x 24 cell, which is easier to grab than the outline.
 */
export function createIconShape(): Shape {
  return new Konva.Shape({
    width: ICON_GRID,
    height: ICON_GRID,
    sceneFunc(context, shape) {
      const name = shape.getAttr('icon') as unknown;
      if (!isIconName(name)) return;
      const native = (context as unknown as { _context: CanvasRenderingContext2D })._context;
      native.fillStyle = String(shape.fill());
      native.fill(pathOf(name));
    },
    hitFunc(context, shape) {
      context.beginPath();
      context.rect(0, 0, ICON_GRID, ICON_GRID);
      context.closePath();
      context.fillStrokeShape(shape);
    },
  });
}
