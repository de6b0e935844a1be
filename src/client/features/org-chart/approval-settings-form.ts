/**
 * The approval settings card's flow (the form flow, keeping what was saved): whether managers see
 * their reports' reports too, and after how many days a request still waiting for its manager goes
 * to HR as well (blank: never). Checked with the shared schema the server uses.
 */
import { approvalSettingsSchema, type ApprovalSettings } from '../../../shared/schemas/team';
import { errorMessage } from '../../api/error-message';
import { createFormSubmitMachine } from '../../flows/form-submit-machine';
import { schemaFieldProblems, schemaProblem } from '../../flows/schema-problem';
import { APPROVALS_UI as UI } from './org-chart-copy';

export interface ApprovalSettingsValues extends Record<string, string> {
  skipLevel: 'yes' | 'no';
  escalateAfterDays: string;
}

export const approvalSettingsValues = (s: ApprovalSettings): ApprovalSettingsValues => ({
  skipLevel: s.skipLevel ? 'yes' : 'no',
  escalateAfterDays: s.escalateAfterDays === null ? '' : String(s.escalateAfterDays),
});

const toSettings = (v: ApprovalSettingsValues) => ({
  skipLevel: v.skipLevel === 'yes',
  // Blank turns escalation off; anything else is checked as a number of days.
  escalateAfterDays: v.escalateAfterDays.trim() === '' ? null : Number(v.escalateAfterDays.trim()),
});

export const approvalSettingsMachine = createFormSubmitMachine<ApprovalSettingsValues, ApprovalSettings, ApprovalSettings & { msg?: string }>({
  id: 'approvalSettings',
  blank: { skipLevel: 'no', escalateAfterDays: '3' },
  validate: (values) => schemaProblem(approvalSettingsSchema, toSettings(values), wording),
  fieldProblems: (values) => schemaFieldProblems(approvalSettingsSchema, toSettings(values), wording),
  toInput: (values) => approvalSettingsSchema.parse(toSettings(values)),
  failure: (error) => UI.saveFailed + errorMessage(error, 'the approval settings could not be saved'),
  successText: () => UI.saved,
  announce: 'inForm',
  afterSuccess: 'keepEditing',
  keepSaved: true,
});

/** A number of days out of range, or not a number, in the screen's words. */
function wording(issue: { field: string }): string | undefined {
  return issue.field === 'escalateAfterDays' ? UI.escalateInvalid : undefined;
}
