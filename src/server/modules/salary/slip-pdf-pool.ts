/**
 * PDF slips rendered on worker threads (piscina), so a bulk run's PDFs (about 2.6 ms of CPU each,
 * the largest part of a slip) do not all wait for the one thread that also reads the database,
 * builds the mail and talks SMTP. 10,000 slips are ~26 s of rendering: on one thread, with
 * everything else, the run came to ~50 s of CPU, too close to its 60 s on two cores
 * (BENCHMARKS.md, figure 14).
 *
 * SLIP_PDF_WORKERS threads (default 1; 0 renders in-process, as tests do by default). Threads start
 * with the first slip and end after a second idle, so a script that renders slips can still exit.
 * A thread that dies fails only the slip it held; piscina starts another for the next.
 */
import path from 'node:path';
import { Piscina } from 'piscina';
import { renderSlipPdf, type SlipPdfDocument } from './slip-pdf';

const configured = (): number => {
  const set = process.env.SLIP_PDF_WORKERS;
  // Under jest (and the servers its tests start) in-process, unless a test asks for workers.
  if (set === undefined) return process.env.JEST_WORKER_ID === undefined ? 1 : 0;
  const n = Number(set);
  return Number.isInteger(n) && n >= 0 && n <= 8 ? n : 1;
};

// Compiled (`npm start`) the worker is JavaScript beside this file; under tsx and jest it is
// TypeScript, which a thread can only load after registering tsx itself (the .cjs shim does).
const WORKER_FILE = path.join(__dirname, __filename.endsWith('.ts') ? 'slip-pdf-worker-tsx.cjs' : 'slip-pdf-worker.js');

let pool: Piscina<SlipPdfDocument, Uint8Array> | null = null;

/** The PDF bytes of a slip, from a worker thread when there is one; the same bytes as renderSlipPdf. */
export async function renderSlipPdfPooled(input: SlipPdfDocument): Promise<Buffer> {
  const threads = configured();
  if (!threads) return renderSlipPdf(input);
  pool ??= new Piscina({ filename: WORKER_FILE, minThreads: 0, maxThreads: threads, idleTimeout: 1_000 });
  const pdf = await pool.run(input);
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}

/** Stops the threads (tests); the next slip starts them again. Resolves to how many slips they rendered. */
export async function stopSlipPdfWorkers(): Promise<number> {
  const running = pool;
  pool = null;
  if (!running) return 0;
  const rendered = running.completed;
  await running.destroy();
  return rendered;
}
