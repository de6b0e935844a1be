/**
 * /set-password?token=...: the one-time link from an invitation or "forgot password". Same rules
 * as a password change (match, then length); on success the server's msg and a way to log in.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FALLBACK, LABELS, MSG, TITLES } from '../../copy';
import { SERVER_MSG } from '../../../shared/messages';
import { errorMessage } from '../../api/error-message';
import { Banner } from '../../components/banner';
import { Spinner } from '../../components/spinner';
import { PATHS } from '../../config/paths';
import { useSetPasswordMutation } from './auth-api';
import { newPasswordProblem } from './password-rules';

export function SetPasswordPage() {
  const [params] = useSearchParams();
  const linkToken = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [setNewPassword, { data, error, isLoading }] = useSetPasswordMutation();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = !password || !confirm ? MSG.allFieldsRequired : newPasswordProblem(password, confirm);
    setProblem(found);
    if (!found) void setNewPassword({ token: linkToken, password });
  };

  if (!linkToken) {
    return (
      <Frame>
        <Banner tone="error">{SERVER_MSG.invalidResetToken}</Banner>
      </Frame>
    );
  }

  if (data) {
    return (
      <Frame>
        <Banner tone="success">{data.msg}</Banner>
      </Frame>
    );
  }

  const shown = problem ?? (error ? errorMessage(error, FALLBACK.server) : null);
  return (
    <Frame>
      {shown && <Banner tone="error">{shown}</Banner>}
      <form className="form" onSubmit={onSubmit} aria-busy={isLoading}>
        <fieldset className="form__fields" disabled={isLoading}>
          <div className="field">
            <label htmlFor="set-password">{LABELS.newPassword}</label>
            <input
              id="set-password"
              type="password"
              autoComplete="new-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="set-password-confirm">{LABELS.confirmPassword}</label>
            <input
              id="set-password-confirm"
              type="password"
              autoComplete="new-password"
              required
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
            />
          </div>
          <button type="submit" className="button button--block">
            {isLoading && <Spinner />} {LABELS.setPassword}
          </button>
        </fieldset>
      </form>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <main className="centered">
      <section className="card card--narrow" aria-labelledby="set-password-title">
        <h1 id="set-password-title">{TITLES.setPassword}</h1>
        {children}
        <p className="card__footer">
          <Link to={PATHS.login}>{LABELS.backToLogin}</Link>
        </p>
      </section>
    </main>
  );
}
