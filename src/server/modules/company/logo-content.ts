/**
 * What a logo upload really is, read from its bytes (never from the name or the type the client
 * sends): a PNG or a JPEG a slip can print, or a 400 naming what is wrong. A PNG must have its
 * signature, a well-formed IHDR (CRC checked) within the size limit, image data that inflates to
 * exactly what its header promises (so a compressed bomb is stopped at that size), and an IEND. A
 * JPEG must start with SOI, end with EOI and hold a frame header within the size limit. Anything
 * else (an SVG, HTML, a PDF, a renamed file) is refused.
 */
import { crc32, inflateSync } from 'node:zlib';
import { LOGO_MAX_SIDE, type LOGO_TYPES } from '../../../shared/schemas/company-profile';
import { badRequest } from '../../errors';

export interface CheckedLogo {
  contentType: (typeof LOGO_TYPES)[number];
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const refuse = (why: string) => badRequest(`The logo must be a PNG or JPEG image: ${why}`);
const sideOk = (n: number) => n >= 1 && n <= LOGO_MAX_SIDE;
const tooBig = (w: number, h: number) => badRequest(`The logo is ${w} × ${h} pixels: at most ${LOGO_MAX_SIDE} pixels a side`);

/** Samples per pixel of each PNG colour type, and the bit depths it allows (PNG specification, 11.2.2). */
const PNG_COLOUR: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

function checkPng(bytes: Buffer): CheckedLogo {
  let at = 8;
  let header: { width: number; height: number; depth: number; colour: number; interlace: number } | null = null;
  const data: Buffer[] = [];
  let ended = false;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (at + 12 + length > bytes.length) throw refuse(`the ${type} chunk is cut off`);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (crc32(bytes.subarray(at + 4, at + 8 + length)) !== bytes.readUInt32BE(at + 8 + length)) throw refuse(`the ${type} chunk is damaged`);
    if (!header && type !== 'IHDR') throw refuse('the PNG header is missing');
    if (type === 'IHDR') {
      if (length !== 13 || header) throw refuse('the PNG header is malformed');
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8]!, colour: body[9]!, interlace: body[12]! };
      const colour = PNG_COLOUR[header.colour];
      if (!colour || !colour.depths.includes(header.depth) || body[10] !== 0 || body[11] !== 0 || header.interlace > 1) throw refuse('the PNG header is malformed');
      if (!sideOk(header.width) || !sideOk(header.height)) throw tooBig(header.width, header.height);
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') {
      ended = true;
      break;
    }
    at += 12 + length;
  }
  if (!header || !data.length || !ended) throw refuse('the PNG is incomplete');
  // What the image data must inflate to: one filter byte and the packed samples per row, per pass.
  const bitsPerPixel = PNG_COLOUR[header.colour]!.channels * header.depth;
  const rowBytes = (w: number) => (w ? 1 + Math.ceil((w * bitsPerPixel) / 8) : 0);
  let expected = 0;
  if (header.interlace) {
    // Adam7's seven passes: [x start, y start, x step, y step].
    for (const [x0, y0, dx, dy] of [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const) {
      const w = Math.ceil((header.width - x0) / dx);
      const h = Math.ceil((header.height - y0) / dy);
      if (w > 0 && h > 0) expected += rowBytes(w) * h;
    }
  } else expected = rowBytes(header.width) * header.height;
  let inflated: Buffer;
  try {
    inflated = inflateSync(Buffer.concat(data), { maxOutputLength: expected + 1 });
  } catch {
    throw refuse('its image data does not decompress to the size its header gives');
  }
  if (inflated.length !== expected) throw refuse('its image data does not match its header');
  return { contentType: 'image/png', width: header.width, height: header.height };
}

/** JPEG frame markers (SOF0–SOF15 but DHT, JPG and DAC): where the size is. */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function checkJpeg(bytes: Buffer): CheckedLogo {
  if (bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9) throw refuse('the JPEG is incomplete');
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) throw refuse('the JPEG is malformed');
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (length < 2 || at + 2 + length > bytes.length) throw refuse('the JPEG is malformed');
    if (SOF.has(marker)) {
      if (length < 8) throw refuse('the JPEG is malformed');
      const height = bytes.readUInt16BE(at + 5);
      const width = bytes.readUInt16BE(at + 7);
      const components = bytes[at + 9];
      if (components !== 1 && components !== 3 && components !== 4) throw refuse('the JPEG has an unusual colour layout');
      if (!sideOk(width) || !sideOk(height)) throw tooBig(width, height);
      return { contentType: 'image/jpeg', width, height };
    }
    // Start of scan before any frame header: nothing to print.
    if (marker === 0xda) break;
    at += 2 + length;
  }
  throw refuse('the JPEG has no frame header');
}

/** The logo's type and size in pixels; a 400 `{msg}` for anything that is not a printable PNG or JPEG. */
export function checkLogo(bytes: Buffer): CheckedLogo {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return checkPng(bytes);
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return checkJpeg(bytes);
  throw refuse('this file is neither');
}
