/**
 * The one file of a multipart import upload (field "file"), read into memory up to a limit. Every
 * refusal is a 4xx with a message that says what to send instead; nothing here touches the database.
 * The module that mounts an import registers @fastify/multipart itself, so only its routes take
 * multipart bodies.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { HttpError, badRequest } from '../errors';

export interface UploadMessages {
  noFile: string;
  oneFile: string;
  unreadable: string;
  tooLarge: string;
}

/** The messages of an import that takes CSV or .xlsx. */
export const uploadMessages = (limitBytes: number): UploadMessages => ({
  noFile: 'Please select a CSV or .xlsx file to upload (form field "file")',
  oneFile: 'Upload one file at a time',
  unreadable: 'The upload could not be read; send the file as multipart/form-data in the field "file"',
  tooLarge: `The file is larger than the ${limitBytes / (1024 * 1024)} MB limit`,
});

/** The multipart limits of an import route: one file of at most `limitBytes`. */
export const uploadLimits = (limitBytes: number) => ({ fileSize: limitBytes, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 20, headerPairs: 100 });

/** Reads the file in the field 'file'; a refused upload's unread rest is drained, so the client sees the answer. */
export async function readUploadedFile(req: FastifyRequest, msg: UploadMessages): Promise<{ bytes: Buffer; filename: string }> {
  try {
    return await readFilePart(req, msg);
  } catch (err) {
    if (!req.raw.readableEnded) {
      req.raw.unpipe();
      req.raw.resume();
    }
    throw err;
  }
}

async function readFilePart(req: FastifyRequest, msg: UploadMessages): Promise<{ bytes: Buffer; filename: string }> {
  const tooLarge = () => new HttpError(413, msg.tooLarge);
  if (!req.isMultipart()) throw badRequest(msg.noFile);
  const part = await req.file().catch((err) => {
    throw uploadError(err, req.log, msg);
  });
  if (!part || part.fieldname !== 'file') throw badRequest(msg.noFile);
  // Stop at the limit instead of parsing the megabytes that did arrive. When the whole body was already
  // buffered (a fast client, app.inject), the limit may have passed before we got here.
  if (part.file.truncated) throw tooLarge();
  part.file.once('limit', () => part.file.destroy(tooLarge()));
  const bytes = await part.toBuffer().catch((err: unknown) => {
    throw part.file.truncated ? tooLarge() : uploadError(err, req.log, msg);
  });
  if (part.file.truncated) throw tooLarge();
  return { bytes, filename: part.filename.slice(0, 255) };
}

/**
 * Maps a failure while reading the upload (multipart limits, a malformed or cut-off body) to a 4xx.
 * Nothing in this phase touches the database, so what is left is the request's fault; it is logged
 * in case it is not.
 */
function uploadError(err: unknown, log: FastifyBaseLogger, msg: UploadMessages): HttpError {
  if (err instanceof HttpError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, msg.tooLarge);
  if (code === 'FST_FILES_LIMIT') return badRequest(msg.oneFile);
  log.warn({ err: String(err) }, 'unreadable upload');
  return badRequest(msg.unreadable);
}
