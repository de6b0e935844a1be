/**
 * /admin/change-password: an admin changes their own password. Each problem shows under its field
 * (and the first one takes the focus); the change ends the admin's other sessions, this one carries
 * on with the fresh token.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { LABELS } from '../../copy';
import { mutationCall } from '../../flows/from-mutation';
import { useSession } from '../session/session-context';
import { authApi } from './auth-api';
import { renewedToken, type ChangePasswordRequest, type ChangePasswordResult } from './change-password-machine';
import { ownPasswordMachine, type OwnPasswordField } from './own-password-machine';

export const OWN_PASSWORD_UI = {
  title: 'Change Your Password',
  intro: 'Changing it signs you out on every other device; you stay signed in here.',
  current: 'Current Password',
  newHint: 'At least 8 characters; a few unrelated words make a strong one.',
} as const;

const FIELDS: { name: OwnPasswordField; label: string; autoComplete: string; hint?: string }[] = [
  { name: 'oldPassword', label: OWN_PASSWORD_UI.current, autoComplete: 'current-password' },
  { name: 'newPassword', label: LABELS.newPassword, autoComplete: 'new-password', hint: OWN_PASSWORD_UI.newHint },
  { name: 'confirmPassword', label: LABELS.confirmNewPassword, autoComplete: 'new-password' },
];

export function OwnPasswordPage() {
  const dispatch = useAppDispatch();
  const session = useSession();
  const [logic] = useState(() =>
    ownPasswordMachine.provide({
      actors: {
        submit: fromPromise<ChangePasswordResult, ChangePasswordRequest>(({ input, signal }) => mutationCall(authApi.endpoints.changePassword, dispatch)(input, signal)),
      },
      actions: {
        accepted: (_, result) => {
          const token = renewedToken(result);
          if (token) session.send({ type: 'TOKEN_RENEWED', token });
        },
      },
    }),
  );
  const [state, send] = useMachine(logic);
  const { values, fieldErrors, formError, message, refusals } = state.context;
  const submitting = state.matches('submitting');
  const inputs = useRef<Partial<Record<OwnPasswordField, HTMLInputElement | null>>>({});

  // After a refused submit, the first field in error takes the focus, so its message is read out.
  useEffect(() => {
    const first = FIELDS.find((f) => fieldErrors[f.name]);
    if (first) inputs.current[first.name]?.focus();
    // Only a new refusal moves the focus; the errors it found are read then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusals]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'SUBMIT' });
  };

  return (
    <section className="card card--narrow" aria-labelledby="own-password-title">
      <h2 id="own-password-title">{OWN_PASSWORD_UI.title}</h2>
      <p className="muted">{OWN_PASSWORD_UI.intro}</p>
      {formError && <Banner tone="error">{formError}</Banner>}
      {message && <Banner tone="success">{message}</Banner>}
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={submitting} aria-labelledby="own-password-title">
        <fieldset className="form__fields" disabled={submitting}>
          {FIELDS.map(({ name, label, autoComplete, hint }) => {
            const id = `own-${name}`;
            const error = fieldErrors[name];
            const described = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
            return (
              <TextField
                key={name}
                id={id}
                ref={(el) => {
                  inputs.current[name] = el;
                }}
                label={label}
                hint={hint}
                type="password"
                autoComplete={autoComplete}
                value={values[name]}
                aria-invalid={error ? true : undefined}
                {...(described ? { 'aria-describedby': described } : {})}
                onChange={(e) => send({ type: 'CHANGE', field: name, value: e.target.value })}
              >
                {error && (
                  <p id={`${id}-error`} className="form-error">
                    {error}
                  </p>
                )}
              </TextField>
            );
          })}
          <SubmitButton busy={submitting}>{LABELS.updatePassword}</SubmitButton>
        </fieldset>
      </form>
    </section>
  );
}
