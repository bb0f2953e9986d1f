import { EditorError } from '../model/editorError';
import {
  checkImageFile,
  checkPixels,
  checkShape,
  fitWithin,
  IMAGE_HEAD_BYTES,
  UPLOAD_CAP_BYTES,
  type ImageKind,
  isAnimated,
  isOpaquePhoto,
  rasterSize,
} from './imageFile';
import { jpegFrameSize } from './jpegFrame';

export interface PreparedImage {
  /** PNG or JPEG ready for the cart image upload. */
  blob: Blob;
  width: number;
  height: number;
  /** An animated GIF or WebP: only its first frame was kept (a print does not move). */
  animated: boolean;
}

/** SVG without width/height gets this long side when rasterised. */
const SVG_DEFAULT_SIDE = 1000;

function decodeAsImage(blob: Blob): Promise<HTMLImageElement> {
  const url = URL.createObjectURL(blob);
  return new Promise<HTMLImageElement>((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve(img);
    img.onerror = () =>
      reject(new EditorError('invalidImage', 'The picture could not be read.', { reason: 'unreadable' }));
    img.src = url;
  }).finally(() => URL.revokeObjectURL(url));
}

function encode(canvas: HTMLCanvasElement, type: 'image/png' | 'image/jpeg'): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) =>
        blob
          ? resolve(blob)
          : reject(
              new EditorError('invalidImage', 'The picture could not be saved.', { reason: 'unreadable' }),
            ),
      type,
      0.9,
    ),
  );
}

/**
 * Turns a picked file into an upload: checks type, content and pixel count, scales pictures above 2000 px down, and
 * rasterises SVG to PNG. A GIF or WebP is decoded by the browser and uploaded as PNG or JPEG (the formats the API
 * stores); of an animated one the canvas draws the first frame (HTML spec: drawImage uses the default image, or
 * else the first frame). Every picture is drawn onto a canvas and encoded anew, so what a camera wrote next to the
 * pixels (EXIF GPS position, owner, XMP) never leaves the phone, and a portrait stored sideways (EXIF orientation)
 * is uploaded upright: the browser applies the orientation when it decodes. An SVG is only ever drawn through an
 * <img> (which runs no scripts) onto a canvas, never inserted into the page.
 */
export async function prepareImage(file: Blob): Promise<PreparedImage> {
  const head = new Uint8Array(await file.slice(0, IMAGE_HEAD_BYTES).arrayBuffer());
  const kind: ImageKind = checkImageFile(file.type, file.size, head);
  // A JPEG whose frame header lies past the head (big APP segments: extended XMP, depth maps) is measured there.
  if (kind === 'jpeg' && !rasterSize(kind, head)) checkPixels(await jpegFrameSize(file));
  const source = kind === 'svg' ? new Blob([await file.arrayBuffer()], { type: 'image/svg+xml' }) : file;
  const img = await decodeAsImage(source);
  let naturalW = img.naturalWidth;
  let naturalH = img.naturalHeight;
  if (kind === 'svg' && (!naturalW || !naturalH)) {
    naturalW = SVG_DEFAULT_SIDE;
    naturalH = SVG_DEFAULT_SIDE;
  }
  const { width, height } = fitWithin(naturalW, naturalH);
  if (!width || !height) {
    throw new EditorError('invalidImage', 'The picture has no size.', { reason: 'unreadable' });
  }
  checkShape(naturalW, naturalH);
  // A photo stays JPEG (a WebP photo as PNG could pass the API's 10 MB cap); the rest keeps its alpha as PNG.
  const type = isOpaquePhoto(kind, head) ? 'image/jpeg' : 'image/png';
  let size = { width, height };
  let blob = await encode(drawn(img, size), type);
  // Session 25 review: a noisy 2000 px PNG came out at 10.5 MB, over the upload cap, and the shopper saw the generic
  // error. Once more at the size the cap allows (the bytes of a PNG grow with its area), with a margin.
  if (blob.size > UPLOAD_CAP_BYTES) {
    const scale = Math.sqrt(UPLOAD_CAP_BYTES / blob.size) * 0.9;
    size = { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
    blob = await encode(drawn(img, size), type);
    if (blob.size > UPLOAD_CAP_BYTES) {
      // Its own reason: the shopper's file may be 3 MB, "a file up to 20 MB" would not say what happened.
      throw new EditorError('invalidImage', 'The picture stays over 10 MB drawn smaller.', {
        reason: 'overUploadCap',
      });
    }
  }
  return { blob, ...size, animated: isAnimated(kind, head) };
}

/** A canvas holding `img` drawn at `size`. */
function drawn(img: HTMLImageElement, size: { width: number; height: number }): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  canvas.getContext('2d')!.drawImage(img, 0, 0, size.width, size.height);
  return canvas;
}
