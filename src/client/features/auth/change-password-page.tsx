/** Change Password (spec sections 2, 4, 5): employees only, guarded by the /employee area. */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMachine } from '@xstate/react';
import { LABELS, TITLES } from '../../copy';
import { fromMutation } from '../../flows/from-mutation';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { Spinner } from '../../components/spinner';
import { PATHS } from '../../config/paths';
import { useSession } from '../session/session-context';
import { authApi } from './auth-api';
import { changePasswordMachine } from './change-password-machine';

const FIELDS = [
  { name: 'oldPassword', label: LABELS.oldPassword, autoComplete: 'current-password' },
  { name: 'newPassword', label: LABELS.newPassword, autoComplete: 'new-password' },
  { name: 'confirmPassword', label: LABELS.confirmNewPassword, autoComplete: 'new-password' },
] as const;

type Values = Record<(typeof FIELDS)[number]['name'], string>;
const EMPTY: Values = { oldPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const session = useSession();
  const [logic] = useState(() =>
    changePasswordMachine.provide({
      actors: {
        changePassword: fromMutation(authApi.endpoints.changePassword, dispatch),
      },
      actions: {
        redirect: () => navigate(PATHS.employeeAttendance),
        renewToken: (_, { token }) => session.send({ type: 'TOKEN_RENEWED', token }),
      },
    }),
  );
  const [state, send] = useMachine(logic);
  const [values, setValues] = useState<Values>(EMPTY);

  const submitting = state.matches('submitting');
  const done = state.matches('success') || state.matches('redirected');
  const { error, message } = state.context;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({ type: 'SUBMIT', ...values });
  };

  return (
    <section className="card card--narrow" aria-labelledby="change-password-title">
      <h2 id="change-password-title">{TITLES.changePassword}</h2>
      {error && <Banner tone="error">{error}</Banner>}
      {done && message && <Banner tone="success">{message}</Banner>}
      <form className="form" onSubmit={onSubmit} aria-busy={submitting}>
        <fieldset className="form__fields" disabled={submitting || done}>
          {FIELDS.map(({ name, label, autoComplete }) => (
            <div className="field" key={name}>
              <label htmlFor={`change-${name}`}>{label}</label>
              <input
                id={`change-${name}`}
                type="password"
                autoComplete={autoComplete}
                required
                value={values[name]}
                onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
              />
            </div>
          ))}
          <button type="submit" className="button button--block">
            {submitting && <Spinner />} {LABELS.updatePassword}
          </button>
        </fieldset>
      </form>
    </section>
  );
}
