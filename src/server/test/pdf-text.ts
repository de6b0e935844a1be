/**
 * The text of a PDF, read back with pdf-parse (pdf.js) for tests. pdf.js is an ES module that loads
 * its worker by a dynamic import, which jest's CommonJS sandbox refuses, so it runs in a child
 * Node process: the PDF goes in on stdin, pdf-parse's text result (page count and text) comes back
 * as JSON.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import type { TextResult } from 'pdf-parse';

const ROOT = path.resolve(__dirname, '../../..');

const SCRIPT = `
import { PDFParse } from 'pdf-parse';
import { readFileSync } from 'node:fs';
const parser = new PDFParse({ data: new Uint8Array(readFileSync(0)) });
const { total, text } = await parser.getText();
await parser.destroy();
process.stdout.write(JSON.stringify({ total, text }));
`;

/** `total` is the number of pages. */
export type PdfText = Pick<TextResult, 'total' | 'text'>;

export function pdfText(pdf: Buffer): Promise<PdfText> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, ['--input-type=module', '-e', SCRIPT], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`pdf-parse failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout) as PdfText);
    });
    child.stdin!.end(pdf);
  });
}
