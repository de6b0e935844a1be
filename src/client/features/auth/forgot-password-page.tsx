/** Asks for a set-password link by email; the server answers the same way whether the account exists. */
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { FALLBACK, LABELS, TITLES } from '../../copy';
import { errorMessage } from '../../api/error-message';
import { Banner } from '../../components/banner';
import { Spinner } from '../../components/spinner';
import { PATHS } from '../../config/paths';
import { useForgotPasswordMutation } from './auth-api';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [forgotPassword, { data, error, isLoading }] = useForgotPasswordMutation();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The outcome is rendered from the mutation state; nothing else to do with the promise.
    void forgotPassword({ email: email.trim() });
  };

  return (
    <main className="centered">
      <section className="card card--narrow" aria-labelledby="forgot-title">
        <h1 id="forgot-title">{TITLES.forgotPassword}</h1>
        {error && <Banner tone="error">{errorMessage(error, FALLBACK.server)}</Banner>}
        {data?.msg && <Banner tone="success">{data.msg}</Banner>}
        <form className="form" onSubmit={onSubmit} aria-busy={isLoading}>
          <fieldset className="form__fields" disabled={isLoading}>
            <div className="field">
              <label htmlFor="forgot-email">{LABELS.email}</label>
              <input
                id="forgot-email"
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </div>
            <button type="submit" className="button button--block">
              {isLoading && <Spinner />} {LABELS.sendLink}
            </button>
          </fieldset>
        </form>
        <p className="card__footer">
          <Link to={PATHS.login}>{LABELS.backToLogin}</Link>
        </p>
      </section>
    </main>
  );
}
