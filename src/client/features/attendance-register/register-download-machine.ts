/**
 * The register download: the shared download machine (flows/file-download-machine.ts) asking for a
 * month, its search and a format (csv or xlsx). Without a month nothing is asked; a failure reads
 * 'Error downloading the register: ' + the server's reason.
 */
import { errorMessage } from '../../api/error-message';
import { createFileDownloadMachine } from '../../flows/file-download-machine';
import type { RegisterDownloadArgs } from './register-api';
import { REGISTER_UI } from './register-copy';

export const registerDownloadMachine = createFileDownloadMachine<RegisterDownloadArgs>({
  id: 'registerDownload',
  failure: (error) => REGISTER_UI.downloadFailed + errorMessage(error, REGISTER_UI.downloadFallback),
  refuse: ({ month }) => (month ? null : REGISTER_UI.downloadFailed + REGISTER_UI.monthRequired),
});
