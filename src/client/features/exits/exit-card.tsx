/**
 * The Exit card on Edit Employee: the recorded exit (kind, notice, last working day, the ESI and
 * EPFO exit codes) with a link to the full and final settlement, or a button that opens the Exit
 * dialog, a modal form (components/dialog.tsx) whose flow is exitFormMachine.
 */
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Banner } from '../../components/banner';
import { Dialog } from '../../components/dialog';
import { CancelSaveActions } from '../../components/form-dialog';
import { StatusBadge } from '../../components/status-badge';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../api/error-message';
import { mutationCall } from '../../flows/from-mutation';
import { useFormSubmit } from '../../flows/use-form-submit';
import { useRowAction } from '../../flows/use-row-action';
import { useAppDispatch } from '../../app/hooks';
import { PATHS } from '../../config/paths';
import { EXIT_KINDS, EXIT_KIND_LABELS } from '../../../shared/payroll/exit-codes';
import type { EmployeeExit } from '../../../shared/schemas/exit';
import { EXIT_UI } from './exit-copy';
import { exitFormMachine, settlementActionMachine, type ExitFormValues, type SettlementActionInput } from './exit-machines';
import { exitsApi, useGetExitQuery } from './exits-api';
import './exits.css';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';

const valuesOf = (exit: EmployeeExit): ExitFormValues => ({
  kind: exit.kind,
  noticeGivenOn: exit.noticeGivenOn,
  noticePeriodDays: String(exit.noticePeriodDays),
  lastWorkingDay: exit.lastWorkingDay,
  reason: exit.reason,
  shortfall: exit.noticeWaived ? 'waived' : exit.relievedEarly ? 'relieved' : 'recovered',
});

function ExitDialog({ id, name, exit, onClose }: { id: string; name: string; exit: EmployeeExit | null; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const form = useFormSubmit(
    exitFormMachine,
    { submit: mutationCall(exitsApi.endpoints.recordExit, dispatch), accepted: onClose },
    { target: id, ...(exit ? { values: valuesOf(exit) } : {}) },
  );
  const f = (field: keyof ExitFormValues & string) => ({ id: `exit-${field}`, value: form.values[field], onChange: form.change(field), disabled: !form.editable });
  /** A text field's props with its mark. */
  const t = (field: keyof ExitFormValues & string) => ({ ...f(field), error: form.fieldErrors[field] });
  const ref = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(ref, form.fieldErrors);
  return (
    <Dialog title={EXIT_UI.dialogTitle(name)} message={EXIT_UI.dialogMessage} onCancel={onClose}>
      <form ref={ref} className="form exit-form" onSubmit={form.onSubmit} noValidate>
        <div className="field">
          <label htmlFor="exit-kind">{EXIT_UI.kind}</label>
          <select {...f('kind')}>
            {EXIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {EXIT_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </div>
        <div className="exit-form__row">
          <TextField label={EXIT_UI.noticeGivenOn} type="date" required {...t('noticeGivenOn')} />
          <TextField label={EXIT_UI.noticePeriodDays} type="number" min={0} max={365} inputMode="numeric" required {...t('noticePeriodDays')} />
          <TextField label={EXIT_UI.lastWorkingDay} type="date" required {...t('lastWorkingDay')} />
        </div>
        <TextField label={EXIT_UI.reason} maxLength={300} required {...t('reason')} />
        <fieldset className="exit-form__choices">
          <legend>{EXIT_UI.shortfall}</legend>
          {(['recovered', 'waived', 'relieved'] as const).map((choice) => (
            <label key={choice} className="exit-form__choice">
              <input type="radio" name="exit-shortfall" value={choice} checked={form.values.shortfall === choice} onChange={form.change('shortfall')} disabled={!form.editable} />
              {choice === 'recovered' ? EXIT_UI.recovered : choice === 'waived' ? EXIT_UI.waived : EXIT_UI.relievedEarly}
            </label>
          ))}
        </fieldset>
        {form.error && (
          <p className="form__error" role="alert">
            {form.error}
          </p>
        )}
        <CancelSaveActions cancelLabel={EXIT_UI.cancel} saveLabel={EXIT_UI.save} busy={form.submitting} onCancel={onClose} />
      </form>
    </Dialog>
  );
}

export function ExitCard({ id, name }: { id: string; name: string }) {
  const dispatch = useAppDispatch();
  const { data: exit, error, isLoading } = useGetExitQuery(id);
  const [open, setOpen] = useState(false);
  const withdraw = useRowAction<SettlementActionInput>(settlementActionMachine, {
    run: (input, signal) => mutationCall(exitsApi.endpoints.withdrawExit, dispatch)({ id: input.id }, signal),
  });
  return (
    <section className="card card--wide exit-card" aria-labelledby="exit-card-title">
      <h2 id="exit-card-title">{EXIT_UI.cardTitle}</h2>
      {error ? (
        <Banner tone="error">{errorMessage(error, EXIT_UI.failed)}</Banner>
      ) : isLoading ? null : exit ? (
        <>
          <p>
            <strong>{exit.kindLabel}</strong> · <StatusBadge tone={exit.status === 'left' ? 'neutral' : 'warning'}>{EXIT_UI.status[exit.status]}</StatusBadge>
          </p>
          <dl className="exit-card__facts">
            <dt>{EXIT_UI.noticeGivenOn}</dt>
            <dd>{exit.noticeGivenOn}</dd>
            <dt>{EXIT_UI.lastWorkingDay}</dt>
            <dd>{exit.lastWorkingDay}</dd>
            <dt>{EXIT_UI.noticePeriodDays}</dt>
            <dd>{EXIT_UI.served(exit.servedDays, exit.noticePeriodDays, exit.shortfallDays)}</dd>
            <dt>{EXIT_UI.reason}</dt>
            <dd>{exit.reason}</dd>
          </dl>
          <p className="muted">{EXIT_UI.codes(`${exit.esi.code} ${exit.esi.label}`, `${exit.epfo.code} ${exit.epfo.label}`)}</p>
          <div className="exit-card__actions">
            <Link className="button" to={PATHS.adminSettlement(id)}>
              {EXIT_UI.settlementLink}
            </Link>
            <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
              {EXIT_UI.change}
            </button>
            <button type="button" className="button button--danger" disabled={withdraw.pending !== null} onClick={() => withdraw.run({ id, action: 'withdraw', name, amount: '' })}>
              {EXIT_UI.withdraw}
            </button>
          </div>
        </>
      ) : (
        <>
          <p>{EXIT_UI.noExit}</p>
          <button type="button" className="button" onClick={() => setOpen(true)}>
            {EXIT_UI.record}
          </button>
        </>
      )}
      {open && <ExitDialog id={id} name={name} exit={exit ?? null} onClose={() => setOpen(false)} />}
    </section>
  );
}
