/**
 * The Approvals card under the org chart: the company's skip-level view and escalation to HR, the
 * two settings the reporting lines above are read with. Saved on its own (approval-settings-form.ts).
 */
import { useRef } from 'react';
import type { ApprovalSettings } from '../../../shared/schemas/team';
import { errorMessage } from '../../api/error-message';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { LoadingScreen } from '../../components/loading-screen';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { mutationCall } from '../../flows/from-mutation';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';
import { useFormSubmit } from '../../flows/use-form-submit';
import { approvalSettingsApi, useGetApprovalSettingsQuery } from './approval-settings-api';
import { approvalSettingsMachine, approvalSettingsValues } from './approval-settings-form';
import { APPROVALS_UI as UI } from './org-chart-copy';

export function ApprovalSettingsCard() {
  const { data, error, isLoading } = useGetApprovalSettingsQuery();
  return (
    <section className="card" aria-labelledby="approvals-title">
      <h2 id="approvals-title">{UI.title}</h2>
      <p className="muted">{UI.intro}</p>
      {error ? (
        <Banner tone="error">{UI.failed + errorMessage(error, 'the server did not answer')}</Banner>
      ) : isLoading || !data ? (
        <LoadingScreen text={UI.loading} />
      ) : (
        <ApprovalSettingsForm settings={data} />
      )}
    </section>
  );
}

function ApprovalSettingsForm({ settings }: { settings: ApprovalSettings }) {
  const dispatch = useAppDispatch();
  const form = useFormSubmit(approvalSettingsMachine, { submit: mutationCall(approvalSettingsApi.endpoints.saveApprovalSettings, dispatch) }, { values: approvalSettingsValues(settings) });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, form.fieldErrors);
  const { values } = form;
  return (
    <form ref={formRef} className="form approvals-form" onSubmit={form.onSubmit} aria-busy={form.submitting} noValidate>
      {form.error && <Banner tone="error">{form.error}</Banner>}
      {form.message && <Banner tone="success">{form.message}</Banner>}
      <fieldset className="form__fields" disabled={!form.editable}>
        <div className="field">
          <label className="check-field" htmlFor="approvals-skip-level">
            <input
              id="approvals-skip-level"
              type="checkbox"
              aria-describedby="approvals-skip-level-hint"
              checked={values.skipLevel === 'yes'}
              onChange={(e) => form.setValue('skipLevel', e.target.checked ? 'yes' : 'no')}
            />
            <span>{UI.skipLevel}</span>
          </label>
          <p id="approvals-skip-level-hint" className="field__hint">
            {UI.skipLevelHint}
          </p>
        </div>
        <TextField
          id="approvals-escalate"
          label={UI.escalate}
          hint={UI.escalateHint}
          inputMode="numeric"
          maxLength={2}
          value={values.escalateAfterDays}
          onChange={form.change('escalateAfterDays')}
          error={form.fieldErrors.escalateAfterDays}
        />
        <SubmitButton busy={form.submitting} block={false}>
          {UI.save}
        </SubmitButton>
      </fieldset>
    </form>
  );
}
