/** The formula guard lives in shared/, so the browser's own CSV exports escape cells the same way. */
export { escapeFormula } from '../shared/spreadsheet-safety';
