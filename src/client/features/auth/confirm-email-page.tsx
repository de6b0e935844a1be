/**
 * /confirm-email?token=...: the link mailed to the new address when an employee changes their email
 * (issue 12). It confirms only when the button is pressed, never on opening: mail scanners open
 * links by themselves, and must not make the change. Then the server's msg and a way to log in.
 */
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ACCOUNT_MSG } from '../../../shared/messages';
import { FALLBACK, LABELS } from '../../copy';
import type { MsgResponse } from '../../../shared/schemas/common';
import { api } from '../../api/base-api';
import { errorMessage } from '../../api/error-message';
import { Banner } from '../../components/banner';
import { Spinner } from '../../components/spinner';
import { PATHS } from '../../config/paths';

const confirmEmailApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/auth/confirm-email {token} -> {msg}; public, the token is the link's. */
    confirmEmail: build.mutation<MsgResponse, { token: string }>({
      query: (body) => ({ url: '/api/auth/confirm-email', method: 'POST', body }),
      extraOptions: { public: true },
    }),
  }),
});

export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const linkToken = params.get('token') ?? '';
  const [confirm, { data, error, isLoading }] = confirmEmailApi.useConfirmEmailMutation();

  if (!linkToken) {
    return (
      <Frame>
        <Banner tone="error">{ACCOUNT_MSG.invalidEmailLink}</Banner>
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
  return (
    <Frame>
      {error && <Banner tone="error">{errorMessage(error, FALLBACK.server)}</Banner>}
      <button type="button" className="button button--block" disabled={isLoading} onClick={() => void confirm({ token: linkToken })}>
        {isLoading && <Spinner />} {isLoading ? ACCOUNT_MSG.confirmingEmail : ACCOUNT_MSG.confirmEmailButton}
      </button>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <main className="centered">
      <section className="card card--narrow" aria-labelledby="confirm-email-title">
        <h1 id="confirm-email-title">{ACCOUNT_MSG.confirmEmailTitle}</h1>
        {children}
        <p className="card__footer">
          <Link to={PATHS.login}>{LABELS.backToLogin}</Link>
        </p>
      </section>
    </main>
  );
}
