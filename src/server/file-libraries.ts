/**
 * The libraries that write and read spreadsheets and PDFs, loaded on first use instead of with the
 * server: they were about a third of the time it takes to load the server (exceljs 1.2 s, pdfkit
 * with fontkit 0.6 s, of 6 s measured at load 12), paid by every start and by every server test
 * file, while most requests and most test files never make or read such a file. The require is
 * synchronous, so callers build their workbooks and documents as before; the types are the
 * libraries' own.
 */
/* eslint-disable @typescript-eslint/no-require-imports -- each library is required on first use, which an import cannot do synchronously */
import type ExcelJS from 'exceljs';
import type PDFDocument from 'pdfkit';
import type * as FontKit from 'fontkit';

let excel: typeof ExcelJS | undefined;
let pdf: typeof PDFDocument | undefined;
let fonts: typeof FontKit | undefined;

/** exceljs (workbooks, their streaming writer and reader). */
export const exceljs = (): typeof ExcelJS => (excel ??= require('exceljs') as typeof ExcelJS);

/** pdfkit's document class. */
export const pdfkit = (): typeof PDFDocument => (pdf ??= require('pdfkit') as typeof PDFDocument);

/** fontkit (parsing a font file once, for every document). */
export const fontkit = (): typeof FontKit => (fonts ??= require('fontkit') as typeof FontKit);
