import { describe, expect, it } from 'vitest';
import { isEditorError } from '../../model/editorError';
import { jpegFrameSize, MAX_JPEG_SEGMENTS } from '../jpegFrame';
import { prepareImage } from '../prepareImage';

/**
 * A JPEG's start: SOI, `segments` APP1 segments of `segmentBytes` each (extended XMP, a depth map), then `between`
 * (what a decoder skips: stray bytes, FF 00, RSTn), then SOF0.
 */
function jpegBehindSegments(
  width: number,
  height: number,
  segments: number,
  segmentBytes = 60_000,
  between: number[] = [],
): Blob {
  const sof = 4 + segments * (2 + segmentBytes) + between.length;
  const bytes = new Uint8Array(sof + 19);
  const view = new DataView(bytes.buffer);
  bytes.set([0xff, 0xd8]);
  for (let i = 0, at = 2; i < segments; i++, at += 2 + segmentBytes) {
    bytes.set([0xff, 0xe1], at);
    view.setUint16(at + 2, segmentBytes);
  }
  bytes.set(between, sof - 2 - between.length);
  bytes.set([0xff, 0xc0], sof - 2);
  view.setUint16(sof, 17);
  bytes[sof + 2] = 8;
  view.setUint16(sof + 3, height);
  view.setUint16(sof + 5, width);
  return new Blob([bytes], { type: 'image/jpeg' });
}

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (isEditorError(error) ? `${error.code}:${error.reason}` : String(error)),
  );

describe('the pixel guard for a JPEG whose frame header lies past the head (session 26 review)', () => {
  it('finds the frame header behind five 60 KB segments and refuses 200 MP before decoding', async () => {
    // 16,320 x 12,240 (a 200 MP camera mode), its size 300 KB into the file: past the 256 KB head.
    const file = jpegBehindSegments(16_320, 12_240, 5);
    expect(await jpegFrameSize(file)).toEqual({ width: 16_320, height: 12_240 });
    // Refused before any decoding (this runs in node: there is no Image to decode with).
    expect(await reasonOf(prepareImage(file))).toBe('invalidImage:tooManyPixels');
    // Many more full segments (a depth map of a few MB) are followed too.
    expect(await jpegFrameSize(jpegBehindSegments(12_000, 9_000, 60, 65_000))).toEqual({
      width: 12_000,
      height: 9_000,
    });
  });

  it('leaves a file without a frame header to decoding, and refuses one of endless tiny segments', async () => {
    const cut = jpegBehindSegments(16_320, 12_240, 5);
    expect(await jpegFrameSize(cut.slice(0, 300_000))).toBeNull();
    const endless = jpegBehindSegments(16_320, 12_240, MAX_JPEG_SEGMENTS + 1, 2);
    expect(await reasonOf(jpegFrameSize(endless))).toBe('invalidImage:unreadable');
    expect(await jpegFrameSize(jpegBehindSegments(800, 600, MAX_JPEG_SEGMENTS - 1, 2))).toEqual({
      width: 800,
      height: 600,
    });
  });
});

describe('what a decoder skips between segments (session 27, review27)', () => {
  const CAMERA_200MP = [16_320, 12_240] as const;

  it.each([
    ['one stray byte', [0x00]],
    ['stray text', [...'Hallo'].map((c) => c.charCodeAt(0))],
    ['a stuffed FF 00', [0xff, 0x00]],
    ['fill bytes and a restart marker (no length)', [0xff, 0xff, 0xff, 0xd3]],
  ])('still refuses 200 MP with %s after five 60 KB segments', async (_what, between) => {
    const file = jpegBehindSegments(...CAMERA_200MP, 5, 60_000, between);
    expect(await jpegFrameSize(file)).toEqual({ width: 16_320, height: 12_240 });
    expect(await reasonOf(prepareImage(file))).toBe('invalidImage:tooManyPixels');
  });

  it('steps over stray bytes that run past a read window', async () => {
    const file = jpegBehindSegments(...CAMERA_200MP, 1, 1000, new Array(300_000).fill(0x20));
    expect(await jpegFrameSize(file)).toEqual({ width: 16_320, height: 12_240 });
  });

  it('counts every skipped run against MAX_JPEG_SEGMENTS', async () => {
    // One FF 00 is one step: the frame header after MAX_JPEG_SEGMENTS of them is not looked for.
    const stuffed = (n: number) => new Array(n).fill([0xff, 0x00]).flat();
    const endless = jpegBehindSegments(800, 600, 0, 0, stuffed(MAX_JPEG_SEGMENTS));
    expect(await reasonOf(jpegFrameSize(endless))).toBe('invalidImage:unreadable');
    const fewer = jpegBehindSegments(800, 600, 0, 0, stuffed(MAX_JPEG_SEGMENTS - 1));
    expect(await jpegFrameSize(fewer)).toEqual({ width: 800, height: 600 });
  });
});
