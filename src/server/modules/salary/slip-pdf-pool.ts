/**
 * PDF slips rendered on worker threads, so a bulk run's PDFs (about 2.6 ms of CPU each, the largest
 * part of a slip) do not all wait for the one thread that also reads the database, builds the mail
 * and talks SMTP. 10,000 slips are ~26 s of rendering: on one thread, with everything else, the run
 * came to ~50 s of CPU, too close to its 60 s on two cores (BENCHMARKS.md, figure 14).
 *
 * Kept simple: SLIP_PDF_WORKERS threads (default 1; 0 renders in-process, as tests do by default), started on
 * the first slip and holding the process open only while they have a slip; each takes the next slip from one
 * queue. A worker that fails or exits is dropped with its slips failed, and later slips render
 * in-process. The worker loads slip-pdf.ts through tsx, as the server does.
 */
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { renderSlipPdf, type SlipPdfDocument } from './slip-pdf';

interface Job {
  input: SlipPdfDocument;
  resolve(pdf: Buffer): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  /** The SHA-256 of the logo this worker was last sent: it keeps those bytes, so later slips go without them. */
  logo: string | null;
}

const configured = (): number => {
  const set = process.env.SLIP_PDF_WORKERS;
  // Under jest (and the servers its tests start) in-process, unless a test asks for workers.
  if (set === undefined) return process.env.JEST_WORKER_ID === undefined ? 1 : 0;
  const n = Number(set);
  return Number.isInteger(n) && n >= 0 && n <= 8 ? n : 1;
};

let slots: Slot[] | null = null;
const queue: Job[] = [];

function start(): Slot[] {
  const list: Slot[] = [];
  for (let i = 0; i < configured(); i += 1) {
    // tsx's loader is per thread: the worker registers it before loading the TypeScript module.
    const worker = new Worker(`require('tsx/cjs'); require(${JSON.stringify(path.join(__dirname, 'slip-pdf-worker.ts'))});`, { eval: true });
    worker.unref();
    const slot: Slot = { worker, job: null, logo: null };
    const drop = (err: Error) => {
      if (!list.includes(slot)) return;
      list.splice(list.indexOf(slot), 1);
      slot.job?.reject(err);
      slot.job = null;
      // What waits for a worker renders here instead once none is left.
      if (!list.length) for (const job of queue.splice(0)) renderSlipPdf(job.input).then(job.resolve, job.reject);
    };
    worker.on('message', (answer: { pdf?: Uint8Array; error?: string }) => {
      const job = slot.job!;
      slot.job = null;
      if (answer.pdf) job.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
      else job.reject(new Error(answer.error));
      next(slot);
    });
    worker.on('error', drop);
    worker.on('exit', (code) => drop(new Error(`PDF worker exited (${code})`)));
    list.push(slot);
  }
  return list;
}

/** Gives an idle worker the next slip; a worker holds the process open only while it has one. */
function next(slot: Slot) {
  const job = queue.shift();
  if (!job) {
    slot.worker.unref();
    return;
  }
  slot.job = job;
  slot.worker.ref();
  const logo = job.input.company?.logo;
  // Up to 512 KB of logo would be copied to the thread with every slip; it is sent once per logo.
  const input = logo && slot.logo === logo.sha256 ? { ...job.input, company: { ...job.input.company!, logo: { ...logo, bytes: new Uint8Array(0) } } } : job.input;
  slot.logo = logo?.sha256 ?? slot.logo;
  slot.worker.postMessage(input);
}

/** The PDF bytes of a slip, from a worker thread when there is one; the same bytes as renderSlipPdf. */
export function renderSlipPdfPooled(input: SlipPdfDocument): Promise<Buffer> {
  slots ??= start();
  if (!slots.length) return renderSlipPdf(input);
  return new Promise((resolve, reject) => {
    queue.push({ input, resolve, reject });
    const idle = slots!.find((s) => !s.job);
    if (idle) next(idle);
  });
}

/** Stops the workers (tests); the next slip starts them again. Resolves to how many were running. */
export async function stopSlipPdfWorkers(): Promise<number> {
  const running = [...(slots ?? [])];
  slots = null;
  for (const s of running) s.worker.removeAllListeners('exit');
  await Promise.all(running.map((s) => s.worker.terminate()));
  return running.length;
}
