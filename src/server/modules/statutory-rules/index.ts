/** The statutory-rules module's public surface: other modules and the server import only this file. */
export { statutoryRuleRoutes } from './routes';
export { adminVersions, loadRuleBook, loadStatutoryRules } from './rule-book';
