/** The tax module's public surface: other modules and the server import only this file. */
export { taxRoutes } from './routes';
export { taxInputsByUser, type TaxInputs } from './tax-repository';
export { readTaxSettings } from './tax-settings';
