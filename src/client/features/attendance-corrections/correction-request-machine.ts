/**
 * 'Request a correction' flow, the shared form flow: editing -> submitting -> success
 * (the form is cleared and the server's msg shown) or error (the server's msg, in the form). The
 * form checks what the shared schema checks (every field, HH:MM, out after in) before sending; the
 * day's limits (not in the future, not leave, once per day) are the server's, and its msg is shown.
 * The call (`submit`) is injected.
 */
import { correctionCreateBody, type CorrectionCreate } from '../../../shared/schemas/attendance-correction';
import { errorMessage } from '../../api/error-message';
import { anyBlank, blankMarks, createFormSubmitMachine, type FieldErrors } from '../../flows/form-submit-machine';
import { schemaFieldProblems, schemaProblem } from '../../flows/schema-problem';
import { CORRECTION_UI } from './corrections-copy';

/** What the inputs hold: the kind is a select's value, the rest text. */
export type CorrectionValues = Record<keyof CorrectionCreate, string>;

export const BLANK_CORRECTION: CorrectionValues = { date: '', inTime: '', outTime: '', kind: 'missed-punch-out', reason: '' };

/** The first problem with the form, in the server's words, or null to send it. */
export const correctionProblem = (values: CorrectionValues): string | null =>
  anyBlank(values) ? CORRECTION_UI.allRequired : schemaProblem(correctionCreateBody, values);

/** Every field that is wrong, marked at once: the blank ones, else what the shared schema finds. */
export const correctionFieldProblems = (values: CorrectionValues): FieldErrors<CorrectionValues> =>
  anyBlank(values) ? blankMarks(values) : (schemaFieldProblems(correctionCreateBody, values) as FieldErrors<CorrectionValues>);

/** The correction form's machine; provide `submit` (the request). */
export const correctionRequestMachine = createFormSubmitMachine<CorrectionValues, CorrectionCreate>({
  id: 'correctionRequest',
  blank: BLANK_CORRECTION,
  validate: correctionProblem,
  fieldProblems: correctionFieldProblems,
  // Checked by validate, so the parse cannot fail here; it trims the reason as the server stores it.
  toInput: (values) => correctionCreateBody.parse(values),
  failure: (error) => CORRECTION_UI.submitFailed + errorMessage(error, CORRECTION_UI.fallback),
  // The form's own banner says it, beside the fields; a toast would say it a second time.
  alertOnFailure: false,
  afterSuccess: 'keepEditing',
});
