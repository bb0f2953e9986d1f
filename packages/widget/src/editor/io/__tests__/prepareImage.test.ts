// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isEditorError } from '../../model/editorError';
import { UPLOAD_CAP_BYTES } from '../imageFile';
import { prepareImage } from '../prepareImage';

// jsdom decodes no pictures and has no canvas: the browser's parts are stood in for, the picture's decoded size and
// the encoder's output chosen per test (failure injection), everything else is the editor's own code.
let decoded = { width: 0, height: 0 };
let encodedBytes: (width: number) => number;
beforeEach(() => {
  vi.stubGlobal(
    'Image',
    class {
      naturalWidth = 0;
      naturalHeight = 0;
      onload: (() => void) | null = null;
      set src(_url: string) {
        this.naturalWidth = decoded.width;
        this.naturalHeight = decoded.height;
        queueMicrotask(() => this.onload?.());
      }
    },
  );
  URL.createObjectURL = () => 'blob:picture';
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage() {},
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (
    this: HTMLCanvasElement,
    callback,
    type,
  ) {
    callback(new Blob([new Uint8Array(encodedBytes(this.width))], { type }));
  });
  encodedBytes = () => 1000;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A PNG file whose header says `width` x `height` (the stand-in decoder reports the same). */
function png(width: number, height: number): Blob {
  decoded = { width, height };
  const head = new Uint8Array(64);
  head.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(head.buffer).setUint32(16, width);
  new DataView(head.buffer).setUint32(20, height);
  return new Blob([head], { type: 'image/png' });
}

const reasonOf = (file: Blob) =>
  prepareImage(file).then(
    (prepared) => `${prepared.width} x ${prepared.height}`,
    (error: unknown) => (isEditorError(error) ? `${error.code}:${error.reason}` : String(error)),
  );

describe('pictures no print can use (session 26 review)', () => {
  it('refuses a picture narrower or flatter than 1:50, which would become an item too thin to see', async () => {
    expect(await reasonOf(png(1, 60_000))).toBe('invalidImage:shape');
    expect(await reasonOf(png(5, 3000))).toBe('invalidImage:shape');
    expect(await reasonOf(png(60_000, 1))).toBe('invalidImage:shape');
    // A banner of 1:50 is still a picture (scaled to 2000 px on its long side).
    expect(await reasonOf(png(40, 2000))).toBe('40 x 2000');
    expect(await reasonOf(png(5000, 100))).toBe('2000 x 40');
  });

  it('says the picture stays over 10 MB drawn smaller, not that the file is over 20 MB', async () => {
    // A small file whose picture encodes big: the redraw is still over the upload cap.
    encodedBytes = () => UPLOAD_CAP_BYTES + 1;
    expect(await reasonOf(png(2000, 2000))).toBe('invalidImage:overUploadCap');
    // The redraw at the size the cap allows is taken when it fits.
    encodedBytes = (width) => (width === 2000 ? UPLOAD_CAP_BYTES + 1 : UPLOAD_CAP_BYTES - 1);
    expect(await reasonOf(png(2000, 2000))).toMatch(/^1[0-9]{3} x 1[0-9]{3}$/);
  });
});
