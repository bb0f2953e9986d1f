import { ICON_GRID } from '../icons/iconPaths';
import { CANVAS_HEIGHT, CANVAS_WIDTH, DEFAULT_BACKGROUND } from '../model/constants';
import type { DesignDocument, DesignItem } from '../model/designTypes';
import type { ImageCache } from './imageCache';
import { createIconShape } from './iconShape';
import { KonvaImage, type Layer, Rect, type Shape, Text } from './konvaParts';

const BASE_NAME = 'lp-base';

function createNode(item: DesignItem): Shape {
  switch (item.type) {
    case 'bg':
      return new Rect({ listening: false });
    case 'icon':
      return createIconShape();
    case 'image':
      return new KonvaImage({ image: undefined });
    default:
      // spec: text from users is drawn as canvas text only, never as HTML.
      return new Text({ wrap: 'none', lineHeight: 1, padding: 0 });
  }
}

function kindOf(node: Shape): DesignItem['type'] | 'other' {
  return (node.getAttr('lpType') as DesignItem['type'] | undefined) ?? 'other';
}

/** Sets a node's attributes from its item; the node's x/y is the item centre so rotation turns around it. */
function updateNode(node: Shape, item: DesignItem, images: ImageCache | undefined): void {
  if (item.type === 'bg') {
    node.setAttrs({ x: 0, y: 0, width: CANVAS_WIDTH, height: CANVAS_HEIGHT, fill: item.color });
    return;
  }
  const common = {
    id: item.id,
    x: item.left + item.width / 2,
    y: item.top + item.height / 2,
    rotation: item.rotation,
    draggable: true,
    name: 'lp-item',
  };
  if (item.type === 'icon') {
    const scale = item.height / ICON_GRID;
    node.setAttrs({
      ...common,
      icon: item.value,
      fill: item.color,
      scaleX: scale,
      scaleY: scale,
      offsetX: ICON_GRID / 2,
      offsetY: ICON_GRID / 2,
    });
    return;
  }
  if (item.type === 'image') {
    const image = images?.get(item.value);
    node.setAttrs({
      ...common,
      image,
      width: item.width,
      height: item.height,
      offsetX: item.width / 2,
      offsetY: item.height / 2,
      scaleX: 1,
      scaleY: 1,
      // A placeholder frame while the picture loads (or when it failed).
      stroke: image ? undefined : '#888888',
      strokeWidth: image ? 0 : 4,
    });
    return;
  }
  node.setAttrs({
    ...common,
    text: item.value,
    fontFamily:
      item.type === 'smile' ? `${item.font_family}, "Noto Color Emoji", sans-serif` : item.font_family,
    fontSize: item.font_size,
    letterSpacing: item.type === 'text' ? item.letter_spacing : 0,
    fill: item.color,
    offsetX: item.width / 2,
    offsetY: item.height / 2,
    scaleX: 1,
    scaleY: 1,
  });
}

/**
 * Brings a layer's shapes in line with the document: reuses nodes by id, creates and destroys the difference and
 * keeps paint order. Used by the live stage and by export, so both draw the same thing.
 */
export function syncLayer(layer: Layer, doc: DesignDocument, images?: ImageCache): Map<string, Shape> {
  const existing = new Map<string, Shape>();
  let base: Shape | undefined;
  for (const child of layer.getChildren() as Shape[]) {
    if (child.name() === BASE_NAME) base = child;
    else existing.set(child.getAttr('lpId') as string, child);
  }
  if (!base) {
    // spec 9: the canvas is black until a background item says otherwise.
    base = new Rect({ name: BASE_NAME, width: CANVAS_WIDTH, height: CANVAS_HEIGHT, listening: false });
    layer.add(base);
  }
  base.fill(DEFAULT_BACKGROUND);
  base.zIndex(0);
  const nodes = new Map<string, Shape>();
  doc.items.forEach((item, index) => {
    let node = existing.get(item.id);
    if (node && kindOf(node) !== item.type) {
      node.destroy();
      node = undefined;
    }
    if (!node) {
      node = createNode(item);
      node.setAttrs({ lpId: item.id, lpType: item.type });
      layer.add(node);
    }
    existing.delete(item.id);
    updateNode(node, item, images);
    node.zIndex(index + 1);
    nodes.set(item.id, node);
  });
  for (const stale of existing.values()) stale.destroy();
  return nodes;
}
