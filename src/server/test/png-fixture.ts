/** A PNG made in memory for tests (RGBA, 8 bits, no interlace), and the chunk writer hostile variants need. */
import { crc32, deflateSync } from 'node:zlib';

export function pngChunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function pngHeader(width: number, height: number, colourType = 6): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = colourType;
  return pngChunk('IHDR', ihdr);
}

/** A width × height RGBA PNG whose pixels `paint` gives as [r, g, b, a]. */
export function makePng(width: number, height: number, paint: (x: number, y: number) => [number, number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    raw[y * (width * 4 + 1)] = 0;
    for (let x = 0; x < width; x += 1) raw.set(paint(x, y), y * (width * 4 + 1) + 1 + x * 4);
  }
  return Buffer.concat([PNG_SIGNATURE, pngHeader(width, height), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A logo-like picture: a blue disc with a white bar on a transparent ground. */
export const sampleLogo = (width = 120, height = 48) =>
  makePng(width, height, (x, y) => {
    const r = height / 2 - 2;
    const inDisc = (x - r - 2) ** 2 + (y - height / 2) ** 2 <= r * r;
    const bar = x > height + 4 && x < width - 4 && y > height / 2 - 6 && y < height / 2 + 6;
    if (inDisc) return Math.abs(y - height / 2) < 4 ? [255, 255, 255, 255] : [29, 78, 216, 255];
    return bar ? [29, 78, 216, 200] : [0, 0, 0, 0];
  });
