/**
 * The company logo as the PDF slip draws it. A JPEG goes in as it is (pdfkit copies its bytes). A
 * PNG is decoded once per logo (keyed by its SHA-256) into deflated colour and alpha planes, and each
 * slip then embeds those planes as they are: pdfkit would otherwise decode and re-compress a PNG
 * with transparency for every slip, milliseconds a slip that a bulk run of 10,000 cannot spend.
 * The logo was checked by content when it was stored (company/logo-content.ts), so decoding it
 * here cannot meet a damaged stream.
 */
import { deflateSync } from 'node:zlib';
import type { SlipLogo } from '../company';

interface Planes {
  width: number;
  height: number;
  colour: Buffer;
  alpha: Buffer | null;
}

interface PngJs {
  width: number;
  height: number;
  decode(fn: (rgba: Uint8Array) => void): void;
}
// png-js is pdfkit's own PNG reader; it has no type declarations.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const PNG = require('png-js') as new (data: Buffer) => PngJs;

const prepared = new Map<string, Promise<Planes>>();
/** Logos kept prepared: the current one and a few replaced ones whose slips may still be rendering. */
const KEEP = 4;

function planesOf(bytes: Uint8Array): Promise<Planes> {
  const png = new PNG(Buffer.from(bytes));
  return new Promise((resolve) =>
    png.decode((rgba) => {
      const pixels = png.width * png.height;
      const colour = Buffer.alloc(pixels * 3);
      const alpha = Buffer.alloc(pixels);
      let opaque = true;
      for (let p = 0; p < pixels; p += 1) {
        colour[p * 3] = rgba[p * 4]!;
        colour[p * 3 + 1] = rgba[p * 4 + 1]!;
        colour[p * 3 + 2] = rgba[p * 4 + 2]!;
        alpha[p] = rgba[p * 4 + 3]!;
        if (alpha[p] !== 255) opaque = false;
      }
      resolve({ width: png.width, height: png.height, colour: deflateSync(colour), alpha: opaque ? null : deflateSync(alpha) });
    }),
  );
}

function preparedPlanes(logo: SlipLogo): Promise<Planes> {
  let planes = prepared.get(logo.sha256);
  if (!planes) {
    planes = planesOf(logo.bytes);
    prepared.set(logo.sha256, planes);
    if (prepared.size > KEEP) prepared.delete(prepared.keys().next().value!);
  }
  return planes;
}

interface PdfRef {
  data: Record<string, unknown>;
  end(data?: Buffer): void;
}
interface PdfDoc {
  ref(data: Record<string, unknown>): PdfRef;
}

/**
 * What pdfkit's image() takes for this logo: the JPEG's bytes, or (a PNG) an image object of the
 * prepared planes, new for each document since pdfkit keeps the embedded object on it.
 */
export async function logoForPdf(logo: SlipLogo): Promise<Buffer | object> {
  if (logo.contentType === 'image/jpeg') return Buffer.from(logo.bytes);
  const planes = await preparedPlanes(logo);
  // pdfkit's image() uses an object with a width and a height as an opened image: it calls embed()
  // once per document, then draws it under its label.
  const image = {
    label: 'Logo',
    width: planes.width,
    height: planes.height,
    obj: null as PdfRef | null,
    embed(doc: PdfDoc) {
      const obj = doc.ref({ Type: 'XObject', Subtype: 'Image', BitsPerComponent: 8, Width: planes.width, Height: planes.height, ColorSpace: 'DeviceRGB', Filter: 'FlateDecode' });
      if (planes.alpha) {
        const mask = doc.ref({ Type: 'XObject', Subtype: 'Image', BitsPerComponent: 8, Width: planes.width, Height: planes.height, ColorSpace: 'DeviceGray', Filter: 'FlateDecode', Decode: [0, 1] });
        mask.end(planes.alpha);
        obj.data.SMask = mask;
      }
      obj.end(planes.colour);
      image.obj = obj;
    },
  };
  return image;
}
