/** The salary module's public surface: other modules and the server import only this file. */
export { readPayRules } from './pay-rules';
export { paymentRoutes } from './payment-routes';
export { findApprovedMonth } from './payroll-approvals';
export { createPayrollRunService, resumePayrollRuns, stopPayrollRuns } from './payroll-runs';
export { payrollSettings } from './payroll-settings';
export { salaryRoutes } from './routes';
export { createSalaryRepository, monthBounds, type SlipEmployee } from './salary-repository';
export { recordSalaryRevision, type RevisionOutcome } from './salary-revisions';
export { computeSlip, storedSlip } from './salary-service';
export { latestAvailableSlipMonth } from './slip-availability';
export { renderSlipPdf } from './slip-pdf';
export { employerContributionLines } from './slip-sections';
export { bankFileExtension, buildTemplatedBankFile } from './statutory-files/bank-file-format';
export { BANK_COLUMNS, beneficiaryName } from './statutory-files/bank-transfer-file';
export { statutoryFileRoutes } from './statutory-files/routes';
export { structureRoutes } from './structure-routes';
