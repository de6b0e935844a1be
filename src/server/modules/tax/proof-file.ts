/**
 * What a proof file is, from its bytes and never from its name or the type the browser claims: a
 * PDF, a PNG or a JPEG, and whole. A file cut short by a failed upload, or another file renamed
 * to .png or .pdf, would reach the admin who verifies it as a broken download, so it is refused
 * here with a message the employee can act on.
 */

export type ProofType = 'application/pdf' | 'image/png' | 'image/jpeg';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The last chunk of every PNG: length 0, type IEND, its CRC. */
const PNG_END = Buffer.from([0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
/** A PDF reader looks for the end-of-file marker within the last 1,024 bytes (ISO 32000-1, 7.5.5). */
const PDF_TAIL = 1024;

const KIND: Record<ProofType, string> = { 'application/pdf': 'PDF', 'image/png': 'PNG image', 'image/jpeg': 'JPEG image' };

export type ProofCheck = { ok: true; type: ProofType } | { ok: false; msg: string };

function claimedType(content: Buffer): ProofType | null {
  if (content.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (content.subarray(0, 8).equals(PNG_SIGNATURE)) return 'image/png';
  if (content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'image/jpeg';
  return null;
}

function isWhole(type: ProofType, content: Buffer): boolean {
  if (type === 'application/pdf') return content.subarray(-PDF_TAIL).includes('%%EOF', 0, 'latin1');
  // A PNG's first chunk is its 13-byte IHDR header; its last is IEND.
  if (type === 'image/png') return content.length >= 8 + 25 + PNG_END.length && content.readUInt32BE(8) === 13 && content.subarray(12, 16).toString('latin1') === 'IHDR' && content.subarray(-PNG_END.length).equals(PNG_END);
  // A JPEG ends with the end-of-image marker; some cameras append data after it, so it need not be last.
  return content.length > 4 && content.lastIndexOf(Buffer.from([0xff, 0xd9])) > 2;
}

/** The proof's type, or why it is refused; `fileName` only words the message. */
export function checkProofFile(content: Buffer, fileName: string): ProofCheck {
  const type = claimedType(content);
  if (!type) return { ok: false, msg: 'A proof must be a PDF, PNG or JPEG file' };
  if (!isWhole(type, content)) return { ok: false, msg: `${fileName} is not a whole ${KIND[type]}: it may have been cut short. Save or scan it again and upload it` };
  return { ok: true, type };
}
