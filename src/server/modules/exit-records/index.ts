/** The exit-records module's public surface: other modules and the server import only this file. */
export { esiExitCodes } from './exit-codes-of';
export { settledLastMonths } from './settled-last-months';
