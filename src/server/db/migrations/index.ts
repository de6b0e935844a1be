/** Ordered migrations, kept in code so a bundled server needs no migrations folder on disk. */
import type { Migration } from 'kysely';
import type { Dialect } from '../database';
import { initialMigration } from './001-initial';
import { payrollOneRunningRunMigration } from './002-payroll-one-running-run';
import { usersUpdatedAtIndexMigration } from './003-users-updated-at-index';
import { usersInvitePendingMigration } from './004-users-invite-pending';
import { accountSecurityMigration } from './005-account-security';
import { dashboardCountIndexesMigration } from './006-dashboard-count-indexes';
import { workLeasesMigration } from './007-work-leases';
import { leavePolicyMigration } from './010-leave-policy';
import { employeeStatutoryMigration } from './011-employee-statutory';
import { attendanceCorrectionsMigration } from './012-attendance-corrections';
import { leaveWithoutPayMigration } from './013-leave-without-pay';
import { employeeShiftsMigration } from './014-employee-shifts';
import { payrollApprovalsMigration } from './015-payroll-approvals';
import { employeeLeavingMigration } from './016-employee-leaving';
import { employeePersonFactsMigration } from './020-employee-person-facts';
import { statutoryRuleVersionsMigration } from './021-statutory-rule-versions';
import { approvedSlipRateAndCarryMigration } from './025-approved-slip-rate-and-carry';
import { pfRuleCorrectionsMigration } from './026-pf-rule-corrections';
import { salaryStructuresMigration } from './091-salary-structures';
import { statutoryRuleCorrectionsMigration } from './090-statutory-rule-corrections';
import { heldPunchDecisionsMigration } from './125-held-punch-decisions';
import { deviceDisableMigration } from './108-device-disable';
import { taskDetailsAndRepeatingHolidaysMigration } from './150-task-details-and-repeating-holidays';
import { compOffsMigration } from './220-comp-offs';
import { compOffEscalationAndRetryMigration } from './260-comp-off-escalation-and-retry';
import { locationPunchRulesMigration } from './221-location-punch-rules';
import { structureFixedBasicMigration } from './116-structure-fixed-basic';
import { approvedSlipInputDigestMigration } from './190-approved-slip-input-digest';
import { incomeTaxYearMigration } from './030-income-tax-year';
import { textControlCleanupMigration } from './035-text-control-cleanup';
import { passwordResetRequestsMigration } from './036-password-reset-requests';
import { emailChangeCancelsMigration } from './037-email-change-cancels';
import { goingLiveMigration } from './040-going-live';
import { employeeManagerMigration } from './060-employee-manager';
import { salaryHistoryAndArrearsMigration } from './050-salary-history-and-arrears';
import { employeeExitsMigration } from './051-employee-exits';
import { finalSettlementsMigration } from './052-final-settlements';
import { payslipReleaseAndBatchesMigration } from './055-payslip-release-and-batches';
import { companyLogoMigration } from './056-company-logo';
import { approvalsMigration } from './061-approvals';
import { notificationsMigration } from './062-notifications';
import { devicePunchesMigration } from './065-device-punches';
import { adminsAndAuditFiltersMigration } from './078-admins-and-audit-filters';
import { dayRulesAndPunchPolicyMigration } from './094-day-rules-and-punch-policy';
import { notificationReadsMigration } from './097-notification-reads';

export const migrationsFor = (dialect: Dialect): Record<string, Migration> => ({
  '001-initial': initialMigration(dialect),
  '002-payroll-one-running-run': payrollOneRunningRunMigration,
  '003-users-updated-at-index': usersUpdatedAtIndexMigration,
  '004-users-invite-pending': usersInvitePendingMigration,
  '005-account-security': accountSecurityMigration(dialect),
  '006-dashboard-count-indexes': dashboardCountIndexesMigration,
  '007-work-leases': workLeasesMigration,
  '010-leave-policy': leavePolicyMigration(dialect),
  '011-employee-statutory': employeeStatutoryMigration(dialect),
  '012-attendance-corrections': attendanceCorrectionsMigration(dialect),
  '013-leave-without-pay': leaveWithoutPayMigration,
  '014-employee-shifts': employeeShiftsMigration(dialect),
  '015-payroll-approvals': payrollApprovalsMigration(dialect),
  '016-employee-leaving': employeeLeavingMigration,
  '020-employee-person-facts': employeePersonFactsMigration,
  '021-statutory-rule-versions': statutoryRuleVersionsMigration(dialect),
  '025-approved-slip-rate-and-carry': approvedSlipRateAndCarryMigration,
  '026-pf-rule-corrections': pfRuleCorrectionsMigration(dialect),
  '030-income-tax-year': incomeTaxYearMigration(dialect),
  '035-text-control-cleanup': textControlCleanupMigration,
  '036-password-reset-requests': passwordResetRequestsMigration(dialect),
  '037-email-change-cancels': emailChangeCancelsMigration(dialect),
  '040-going-live': goingLiveMigration(dialect),
  '060-employee-manager': employeeManagerMigration(dialect),
  '050-salary-history-and-arrears': salaryHistoryAndArrearsMigration(dialect),
  '051-employee-exits': employeeExitsMigration(dialect),
  '052-final-settlements': finalSettlementsMigration(dialect),
  '055-payslip-release-and-batches': payslipReleaseAndBatchesMigration(dialect),
  '056-company-logo': companyLogoMigration(dialect),
  '061-approvals': approvalsMigration(dialect),
  '062-notifications': notificationsMigration(dialect),
  '065-device-punches': devicePunchesMigration(dialect),
  '078-admins-and-audit-filters': adminsAndAuditFiltersMigration,
  '090-statutory-rule-corrections': statutoryRuleCorrectionsMigration(dialect),
  '091-salary-structures': salaryStructuresMigration(dialect),
  '094-day-rules-and-punch-policy': dayRulesAndPunchPolicyMigration(dialect),
  '097-notification-reads': notificationReadsMigration,
  '108-device-disable': deviceDisableMigration,
  '116-structure-fixed-basic': structureFixedBasicMigration,
  '125-held-punch-decisions': heldPunchDecisionsMigration,
  '150-task-details-and-repeating-holidays': taskDetailsAndRepeatingHolidaysMigration,
  '190-approved-slip-input-digest': approvedSlipInputDigestMigration,
  '220-comp-offs': compOffsMigration(dialect),
  '221-location-punch-rules': locationPunchRulesMigration(dialect),
  '260-comp-off-escalation-and-retry': compOffEscalationAndRetryMigration(dialect),
});
