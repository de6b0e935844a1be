/** A worker thread of slip-pdf-pool.ts: renders each slip it is sent and answers its PDF bytes (or the error's message). */
import { parentPort } from 'node:worker_threads';
import { renderSlipPdf, type SlipPdfDocument } from './slip-pdf';

/** The logo last sent with its bytes; later slips carry only its SHA-256 (slip-pdf-pool.ts). */
let logo: { sha256: string; bytes: Uint8Array } | null = null;

parentPort!.on('message', (input: SlipPdfDocument) => {
  const sent = input.company?.logo;
  if (sent?.bytes.length) logo = { sha256: sent.sha256, bytes: sent.bytes };
  else if (sent && logo?.sha256 === sent.sha256) input = { ...input, company: { ...input.company!, logo: { ...sent, bytes: logo.bytes } } };
  renderSlipPdf(input).then(
    (pdf) => parentPort!.postMessage({ pdf }),
    (err: Error) => parentPort!.postMessage({ error: String(err?.message ?? err) }),
  );
});
