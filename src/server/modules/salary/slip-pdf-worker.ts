/** A worker thread of slip-pdf-pool.ts (piscina): the PDF bytes of the slip it is given. */
import { renderSlipPdf, type SlipPdfDocument } from './slip-pdf';

export default async function renderInWorker(input: SlipPdfDocument): Promise<Uint8Array> {
  return renderSlipPdf(input);
}
