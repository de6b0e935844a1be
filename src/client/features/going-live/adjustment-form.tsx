/**
 * An adjustment of one person's leave balance: days added (+) or removed (−) with a reason, and the
 * person's history (opening balances and adjustments, newest first) once their code is known.
 * Each field says what is wrong with it before anything is sent; the server's refusal is shown as it is.
 */
import { useState, type FormEvent } from 'react';
import { leaveAdjustmentBody } from '../../../shared/schemas/leave-adjustments';
import { errorMessage } from '../../api/error-message';
import { useEffects } from '../../feedback/effects-context';
import { GOING_LIVE_UI as UI } from './going-live-copy';
import { useAdjustLeaveMutation, useGetLeaveAdjustmentsQuery } from './going-live-api';

type Field = 'employeeId' | 'leaveType' | 'days' | 'reason';

export function AdjustmentForm() {
  const [values, setValues] = useState<Record<Field, string>>({ employeeId: '', leaveType: '', days: '', reason: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [shown, setShown] = useState<string | null>(null);
  const [adjust, { isLoading }] = useAdjustLeaveMutation();
  const effects = useEffects();
  const history = useGetLeaveAdjustmentsQuery(shown ?? '', { skip: !shown });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = leaveAdjustmentBody.safeParse({ ...values, days: values.days.trim() === '' ? undefined : Number(values.days.replace('−', '-')) });
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const { msg } = await adjust(parsed.data).unwrap();
      effects.toast('success', msg);
      setShown(parsed.data.employeeId);
      setValues((v) => ({ ...v, days: '', reason: '' }));
    } catch (err) {
      effects.toast('error', errorMessage(err, 'The adjustment was not saved'));
    }
  };

  const field = (name: Field, label: string, extra: { inputMode?: 'decimal' } = {}) => (
    <div className="field">
      <label htmlFor={`adjust-${name}`}>{label}</label>
      <input
        id={`adjust-${name}`}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `adjust-${name}-error` : undefined}
        onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
        {...extra}
      />
      {errors[name] && (
        <p className="field-error" id={`adjust-${name}-error`}>
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <section className="card card--wide" aria-labelledby="adjust-title">
      <h2 id="adjust-title">{UI.adjustTitle}</h2>
      <p className="hint">{UI.adjustHelp}</p>
      <form className="form adjust-form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <fieldset className="form__fields" disabled={isLoading}>
          {field('employeeId', UI.employeeId)}
          {field('leaveType', UI.leaveType)}
          {field('days', UI.days, { inputMode: 'decimal' })}
          {field('reason', UI.reason)}
          <div>
            <button type="submit" className="button">
              {isLoading ? UI.adjusting : UI.adjust}
            </button>
          </div>
        </fieldset>
      </form>
      {shown && history.data && (
        <div className="adjust-history">
          <h3>{UI.historyTitle(shown)}</h3>
          {history.data.length === 0 ? (
            <p>{UI.historyEmpty}</p>
          ) : (
            <ul>
              {history.data.map((a) => (
                <li key={a._id}>
                  {a.asOf}: {a.days > 0 ? '+' : ''}
                  {a.days} {a.code ?? a.leaveType} · {a.reason} · {a.by}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
