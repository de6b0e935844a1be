/** The company module's public surface: other modules and the server import only this file. */
export { applyCompanyProfile, readCompanyProfile, slipCompany, timeZoneSource, type SlipCompany, type SlipLogo } from './company-profile';
export { companyRoutes } from './routes';
