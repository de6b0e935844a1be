/**
 * The Mark days dialog: many people's days at once (markDaysMachine). The admin chooses who, the
 * range, the status and a reason, sees the server's dry run (how many days, which are left alone
 * and why), then confirms. The view renders the machine's state and sends its events.
 */
import { useRef, useState } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { DAY_STATUSES, type BulkMarkAnswer, type BulkMarkBody } from '../../../shared/schemas/attendance-admin';
import { useAppDispatch } from '../../app/hooks';
import { BusyText } from '../../components/busy-text';
import { Dialog } from '../../components/dialog';
import { useEffects } from '../../feedback/effects-context';
import { mutationCall } from '../../flows/from-mutation';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';
import { adminDaysApi } from './admin-days-api';
import { markDaysMachine, type MarkDaysInput, type MarkDaysValues } from './admin-days-machines';
import { DayField } from './day-field';
import { REGISTER_UI as UI } from './register-copy';

function Preview({ preview }: { preview: BulkMarkAnswer }) {
  return (
    <section className="mark-preview" aria-labelledby="mark-preview-title">
      <h3 id="mark-preview-title">{UI.previewTitle}</h3>
      <p role="status">{preview.set ? preview.msg : UI.nothingToMark}</p>
      {preview.set > 0 && <p className="mark-preview__counts">{UI.previewCounts(preview.counts)}</p>}
      {preview.skippedCount > 0 && (
        <details>
          <summary>{UI.leftAlone(preview.skipped.length, preview.skippedCount)}</summary>
          <div className="mark-preview__skipped" tabIndex={0} role="region" aria-label={UI.leftAlone(preview.skipped.length, preview.skippedCount)}>
            <table className="mark-preview__table">
              <thead>
                <tr>
                  {UI.skippedHeaders.map((h) => (
                    <th key={h} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.skipped.map((s) => (
                  <tr key={`${s.employeeId}|${s.date}`}>
                    <td>{s.employeeId}</td>
                    <td>{s.date}</td>
                    <td>{s.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      )}
    </section>
  );
}

export function MarkDaysDialog({ input, onClose }: { input: MarkDaysInput; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const app = useEffects();
  const formRef = useRef<HTMLFormElement>(null);
  const [logic] = useState(() =>
    markDaysMachine.provide({
      actors: {
        markDays: fromPromise<BulkMarkAnswer, { body: BulkMarkBody; dryRun: boolean }>(({ input, signal }) => mutationCall(adminDaysApi.endpoints.markDays, dispatch)(input, signal)),
      },
      actions: { notify: (_, { message }) => app.toast('success', message), finished: onClose },
    }),
  );
  const [state, send] = useMachine(logic, { input });
  const { values, preview, error, fieldErrors } = state.context;
  useFocusFirstInvalid(formRef, fieldErrors);
  const busy = state.matches('previewing') || state.matches('marking');
  const change = (field: keyof MarkDaysValues) => (event: { target: { value: string } }) => send({ type: 'CHANGE', field, value: event.target.value });
  const locked = busy || state.matches('done');
  return (
    <Dialog title={UI.markTitle} message={UI.markMessage} onCancel={onClose}>
      <form
        ref={formRef}
        className="form mark-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send({ type: state.matches('reviewing') ? 'MARK' : 'PREVIEW' });
        }}
      >
        <fieldset className="mark-form__who" disabled={locked}>
          <legend>{UI.who}</legend>
          <label className="mark-form__choice">
            <input type="radio" name="mark-who" value="page" checked={values.people === 'page'} onChange={change('people')} />
            {UI.whoPage(input.pageCodes.length)}
          </label>
          <label className="mark-form__choice">
            <input type="radio" name="mark-who" value="codes" checked={values.people === 'codes'} onChange={change('people')} />
            {UI.whoCodes}
          </label>
        </fieldset>
        {values.people === 'codes' && (
          <DayField id="mark-codes" label={UI.codes} hint={UI.codesHint} error={fieldErrors.codes} control={(p) => <textarea rows={2} {...p} value={values.codes} onChange={change('codes')} disabled={locked} />} />
        )}
        <div className="day-form__row">
          <DayField id="mark-from" label={UI.from} error={fieldErrors.from} control={(p) => <input type="date" required {...p} value={values.from} onChange={change('from')} disabled={locked} />} />
          <DayField id="mark-to" label={UI.to} error={fieldErrors.to} control={(p) => <input type="date" required {...p} value={values.to} onChange={change('to')} disabled={locked} />} />
          <DayField
            id="mark-status"
            label={UI.status}
            error={fieldErrors.status}
            control={(p) => (
              <select {...p} value={values.status} onChange={change('status')} disabled={locked}>
                {DAY_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {UI.statuses[s]}
                  </option>
                ))}
              </select>
            )}
          />
        </div>
        <label className="mark-form__choice">
          <input type="checkbox" checked={values.includeDaysOff} disabled={locked} onChange={(e) => send({ type: 'CHANGE', field: 'includeDaysOff', value: e.target.checked })} />
          {UI.includeDaysOff}
        </label>
        <DayField id="mark-reason" label={UI.reason} hint={UI.markReasonHint} error={fieldErrors.reason} control={(p) => <input type="text" maxLength={300} required {...p} value={values.reason} onChange={change('reason')} disabled={locked} />} />
        {error && !Object.keys(fieldErrors).length && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        {preview && <Preview preview={preview} />}
        <div className="dialog__actions">
          <button type="button" className="button button--secondary" onClick={onClose}>
            {UI.cancel}
          </button>
          {preview && (
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => send({ type: 'EDIT' })}>
              {UI.back}
            </button>
          )}
          {preview ? (
            <button type="submit" className="button" disabled={busy || preview.set === 0}>
              <BusyText busy={state.matches('marking')} busyText={UI.marking}>
                {UI.confirmMark(preview.set)}
              </BusyText>
            </button>
          ) : (
            <button type="submit" className="button" disabled={busy}>
              <BusyText busy={state.matches('previewing')} busyText={UI.previewing}>
                {UI.preview}
              </BusyText>
            </button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
