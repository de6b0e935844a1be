/** A worker thread of slip-pdf-pool.ts: renders each slip it is sent and answers its PDF bytes (or the error's message). */
import { parentPort } from 'node:worker_threads';
import { renderSlipPdf, type SlipPdfDocument } from './slip-pdf';

parentPort!.on('message', (input: SlipPdfDocument) => {
  renderSlipPdf(input).then(
    (pdf) => parentPort!.postMessage({ pdf }),
    (err: Error) => parentPort!.postMessage({ error: String(err?.message ?? err) }),
  );
});
