/** The punches module's public surface: other modules and the server import only this file. */
export { parseAttlog } from './attlog';
export { recomputeDays } from './day-derivation';
export { applyUnmappedPunches } from './punch-service';
export { readPunchSettings, writePunchSettings } from './punch-settings';
export { deviceTimeInstant, storePunches } from './punch-store';
export { punchRoutes } from './routes';
