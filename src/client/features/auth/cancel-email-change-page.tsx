/**
 * /cancel-email-change?token=...: the "it was not me" link mailed to the old address when an
 * employee's sign-in email change is requested. Like the confirmation, it acts only when the button
 * is pressed (mail scanners open links by themselves); then the server's msg.
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

export function CancelEmailChangePage() {
  return (
    <LinkCard id="cancel-email-title" title={ACCOUNT_UI.cancelEmailTitle} invalid={ACCOUNT_MSG.invalidCancelLink}>
      {(linkToken) => <CancelButton linkToken={linkToken} />}
    </LinkCard>
  );
}

function CancelButton({ linkToken }: { linkToken: string }) {
  const dispatch = useAppDispatch();
  // The same one-button flow as the confirmation: the token goes in, the server's msg comes out.
  const form = useFormSubmit(confirmEmailMachine, { submit: mutationCall(authApi.endpoints.cancelEmailChange, dispatch) }, { target: linkToken });
  const { error, message, submitting } = form;

  if (form.succeeded) return <Banner tone="success">{message}</Banner>;
  return (
    <>
      <p>{ACCOUNT_UI.cancelEmailIntro}</p>
      {error && <Banner tone="error">{error}</Banner>}
      <button type="button" className="button button--block" disabled={!form.editable} onClick={form.submit}>
        <BusyText busy={submitting} busyText={ACCOUNT_UI.cancellingEmail}>
          {ACCOUNT_UI.cancelEmailButton}
        </BusyText>
      </button>
    </>
  );
}
