/**
 * /confirm-email?token=...: the link mailed to the new address when an employee changes their email.
 * It confirms only when the button is pressed, never on opening: mail scanners open links by
 * themselves, and must not make the change. Then the server's msg and a way to log in.
 */
import { ACCOUNT_MSG } from '../../../shared/messages';
import { BusyText } from '../../components/busy-text';
import { ACCOUNT_UI } from '../../copy';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { mutationCall } from '../../flows/from-mutation';
import { useFormSubmit } from '../../flows/use-form-submit';
import { authApi } from './auth-api';
import { confirmEmailMachine } from './password-link-machines';
import { LinkCard } from './public-card';

export function ConfirmEmailPage() {
  return (
    <LinkCard id="confirm-email-title" title={ACCOUNT_UI.confirmEmailTitle} invalid={ACCOUNT_MSG.invalidEmailLink}>
      {(linkToken) => <ConfirmButton linkToken={linkToken} />}
    </LinkCard>
  );
}

function ConfirmButton({ linkToken }: { linkToken: string }) {
  const dispatch = useAppDispatch();
  const form = useFormSubmit(confirmEmailMachine, { submit: mutationCall(authApi.endpoints.confirmEmail, dispatch) }, { target: linkToken });
  const { error, message, submitting } = form;

  if (form.succeeded) return <Banner tone="success">{message}</Banner>;
  return (
    <>
      {error && <Banner tone="error">{error}</Banner>}
      <button type="button" className="button button--block" disabled={!form.editable} onClick={form.submit}>
        <BusyText busy={submitting} busyText={ACCOUNT_UI.confirmingEmail}>
          {ACCOUNT_UI.confirmEmailButton}
        </BusyText>
      </button>
    </>
  );
}
