// Picture files a phone hands over, built byte by byte for the print editor's phone tests
// (printEditorPhoto.test.ts): an animated GIF, a PNG that decodes to far more memory than its size, an HEIC start.
import { crc32, deflateSync } from 'node:zlib';

/**
 * A GIF of `side` x `side` pixels, one frame per entry of `frames` (a palette index: 0 red, 1 blue), 0.1 s each and
 * looping. `claimed` makes the first frame's descriptor claim that side instead (its data stays `side` x `side`).
 */
export function gif(side: number, frames: number[], claimed = side): Buffer {
  const u16 = (n: number) => [n & 255, (n >> 8) & 255];
  // LZW at minimum code size 2, kept at 3-bit codes by a clear code (4) before every second pixel; 5 ends it.
  const lzw = (index: number) => {
    const codes: number[] = [];
    for (let i = 0; i < side * side; i++) codes.push(...(i % 2 === 0 ? [4, index] : [index]));
    codes.push(5);
    const packed: number[] = [];
    codes.forEach((code, i) => {
      const bit = i * 3;
      packed[bit >> 3] = (packed[bit >> 3] ?? 0) | ((code << (bit & 7)) & 255);
      if ((bit & 7) > 5) packed[(bit >> 3) + 1] = code >> (8 - (bit & 7));
    });
    const blocks: number[] = [];
    for (let at = 0; at < packed.length; at += 255) {
      const part = packed.slice(at, at + 255);
      blocks.push(part.length, ...part);
    }
    return [2, ...blocks, 0];
  };
  const out = [...Buffer.from('GIF89a'), ...u16(side), ...u16(side), 0x81, 0, 0];
  out.push(255, 0, 0, 0, 0, 255, 0, 0, 0, 0, 0, 0); // red, blue, two unused
  out.push(0x21, 0xff, 11, ...Buffer.from('NETSCAPE2.0'), 3, 1, 0, 0, 0);
  frames.forEach((index, i) => {
    const extent = i === 0 ? claimed : side;
    out.push(0x21, 0xf9, 4, 0, 10, 0, 0, 0);
    out.push(0x2c, 0, 0, 0, 0, ...u16(extent), ...u16(extent), 0, ...lzw(index));
  });
  out.push(0x3b);
  return Buffer.from(out);
}

/** A PNG of `side` x `side` black 1-bit pixels: a few KB on disk, side² x 4 bytes once decoded. */
export function pngBomb(side: number): Buffer {
  const chunk = (type: string, body: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale
  const raw = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An iPhone photo's start: the ISO box `ftyp` with brand heic (Chromium cannot decode the rest either). */
export const HEIC = Buffer.concat([
  Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'),
  Buffer.alloc(4000, 7),
]);
