/** The day-rules module's public surface: other modules and the server import only this file. */
export { classifyDays, rulesInForce } from './day-classification';
export { readDayRules, writeDayRules } from './day-rules-repository';
export { dayRulesRoutes, punchPolicyRoutes } from './routes';
export { checkWebPunch } from './web-punch-check';
