/** The login page (product.md, Screens): tabs, one form per role, the error banner, 'Logging in...'. */
import { useEffect, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { useMachine } from '@xstate/react';
import { fromPromise } from 'xstate';
import { LABELS, LOADING, TITLES } from '../../copy';
import { mutationCall } from '../../flows/from-mutation';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { LoadingScreen } from '../../components/loading-screen';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { PATHS } from '../../config/paths';
import { readRuntimeConfig } from '../../config/runtime-config';
import { FEEDBACK_UI } from '../../feedback/feedback-copy';
import { useSession, useSessionSelector } from '../session/session-context';
import { authApi } from './auth-api';
import { asksPassword, loginMachine, type LoginField, type LoginRequest, type LoginResult } from './login-machine';
import { LoginTabs } from './login-tabs';
import { LOGIN_UI } from './login-copy';
import { sendOnSubmit } from '../../flows/send-on-submit';

export function LoginPage() {
  const session = useSession();
  const dispatch = useAppDispatch();
  const notice = useSessionSelector((s) => s.context.notice);
  const [emailOnly] = useState(() => readRuntimeConfig().employeeLogin === 'email-only');
  // Built once: the machine must not be swapped between renders, and dispatch/session are stable.
  const [logic] = useState(() =>
    loginMachine.provide({
      actors: {
        login: fromPromise<LoginResult, LoginRequest>(({ input, signal }) => {
          const { role, email, password } = input;
          // mutationCall's track: false keeps the password-bearing request out of the Redux state.
          return role === 'admin'
            ? mutationCall(authApi.endpoints.adminLogin, dispatch)({ email, password: password ?? '' }, signal)
            : mutationCall(authApi.endpoints.employeeLogin, dispatch)({ email, password }, signal);
        }),
      },
      actions: {
        notifyStarted: () => session.send({ type: 'LOGIN_STARTED' }),
        notifyFailed: () => session.send({ type: 'LOGIN_FAILED' }),
        rejectToken: () => session.send({ type: 'LOGIN_REJECTED' }),
        signIn: (_, { token }) => session.send({ type: 'LOGIN_SUCCEEDED', token }),
      },
    }),
  );
  const [state, send] = useMachine(logic, { input: { emailOnly } });
  // A signed-in person who opens '/' belongs on their dashboard: the session machine sends them
  // there (it owns navigation), and the form is not shown meanwhile.
  const signedIn = useSessionSelector((s) => s.matches('signedIn'));
  useEffect(() => {
    session.send({ type: 'LOGIN_PAGE_OPENED' });
  }, [session]);
  const { tab, error, values } = state.context;
  const busy = !state.matches('idle');
  const askPassword = asksPassword(state.context);

  const onSubmit = sendOnSubmit(send, { type: 'SUBMIT' });
  const change = (field: LoginField) => (event: ChangeEvent<HTMLInputElement>) => send({ type: 'CHANGE', field, value: event.target.value });

  if (signedIn) return <LoadingScreen text={LOADING.dashboard} />;

  return (
    <main className="centered">
      <section className="card card--narrow" aria-labelledby="login-title">
        <h1 id="login-title">{TITLES.login}</h1>
        <LoginTabs selected={tab} disabled={busy} onSelect={(next) => send({ type: 'SELECT_TAB', tab: next })}>
          {/* Why the last session ended (it came with the redirect here): shown until dismissed. */}
          {error ? (
            <Banner tone="error">{error}</Banner>
          ) : (
            notice && (
              <Banner tone="info" onDismiss={() => session.send({ type: 'DISMISS_NOTICE' })} dismissLabel={FEEDBACK_UI.dismissNotice}>
                {notice}
              </Banner>
            )
          )}
          <form className="form" onSubmit={onSubmit} aria-busy={busy}>
            {tab === 'admin' && <p className="field__hint login__hint">{LOGIN_UI.adminTabHint}</p>}
            <fieldset className="form__fields" disabled={busy}>
              <TextField id="login-email" label={LABELS.email} type="email" autoComplete="username" required value={values.email} onChange={change('email')} />
              {askPassword && (
                <TextField id="login-password" label={LABELS.password} type="password" autoComplete="current-password" required value={values.password} onChange={change('password')} />
              )}
              <SubmitButton busy={busy} busyText={LOADING.loggingIn}>
                {tab === 'admin' ? LABELS.adminLogin : LABELS.employeeLogin}
              </SubmitButton>
            </fieldset>
          </form>
          <p className="card__footer">
            <Link to={PATHS.forgotPassword}>{LABELS.forgotPassword}</Link>
          </p>
        </LoginTabs>
      </section>
    </main>
  );
}
