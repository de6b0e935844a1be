/** 'Request a Leave' (spec section 2): Start Date, End Date, Reason, all required; rendered from its machine. */
import { LEAVE_UI } from './leave-copy';
import { mutationCall } from '../../flows/from-mutation';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { DateRangeFields } from '../../components/date-range-fields';
import { Spinner } from '../../components/spinner';
import { useFormSubmit } from '../../flows/use-form-submit';
import { leaveRequestMachine } from './leave-request-machine';
import { leavesApi } from './leaves-api';

// The server's limit (shared/schemas/leave.ts); the browser stops typing there instead of a 400 later.
const REASON_MAX = 1000;

export function LeaveRequestForm() {
  const dispatch = useAppDispatch();
  const form = useFormSubmit(leaveRequestMachine, {
    submit: mutationCall(leavesApi.endpoints.requestLeave, dispatch),
  });
  const { values, message, error, submitting } = form;

  return (
    <section className="card card--wide" aria-labelledby="leave-request-title">
      <h2 id="leave-request-title">{LEAVE_UI.requestTitle}</h2>
      {error && <Banner tone="error">{error}</Banner>}
      {message && <Banner tone="success">{message}</Banner>}
      <form className="form" onSubmit={form.onSubmit} aria-busy={submitting}>
        <fieldset className="form__fields" disabled={!form.editable}>
          <DateRangeFields idPrefix="leave" labels={LEAVE_UI} value={values} onChange={form.setValue} />
          <div className="field">
            <label htmlFor="leave-reason">{LEAVE_UI.reason}</label>
            <textarea
              id="leave-reason"
              required
              rows={3}
              maxLength={REASON_MAX}
              value={values.reason}
              onChange={form.change('reason')}
            />
          </div>
          <div>
            <button type="submit" className="button">
              {submitting && <Spinner />} {LEAVE_UI.submit}
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
