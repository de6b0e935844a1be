/**
 * /set-password?token=...: the one-time link from an invitation or "forgot password". Same rules
 * as a password change (match, then length); on success the server's msg and a way to log in.
 */
import { useRef } from 'react';
import { LABELS, TITLES } from '../../copy';
import { SERVER_MSG } from '../../../shared/messages';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { SubmitForm } from '../../components/submit-form';
import { mutationCall } from '../../flows/from-mutation';
import { useFormSubmit } from '../../flows/use-form-submit';
import { authApi } from './auth-api';
import { setPasswordMachine } from './password-link-machines';
import { LinkCard } from './public-card';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';

export function SetPasswordPage() {
  return (
    <LinkCard id="set-password-title" title={TITLES.setPassword} invalid={SERVER_MSG.invalidResetToken}>
      {(linkToken) => <SetPasswordForm linkToken={linkToken} />}
    </LinkCard>
  );
}

function SetPasswordForm({ linkToken }: { linkToken: string }) {
  const dispatch = useAppDispatch();
  const form = useFormSubmit(setPasswordMachine, { submit: mutationCall(authApi.endpoints.setPassword, dispatch) }, { target: linkToken });
  const { values, error, message, submitting, fieldErrors } = form;
  const ref = useRef<HTMLDivElement>(null);
  useFocusFirstInvalid(ref, fieldErrors);

  if (form.succeeded) return <Banner tone="success">{message}</Banner>;
  return (
    <div ref={ref}>
      {error && <Banner tone="error">{error}</Banner>}
      <SubmitForm form={form} noValidate>
        <TextField id="set-password" label={LABELS.newPassword} type="password" autoComplete="new-password" required value={values.password} error={fieldErrors.password} onChange={form.change('password')} />
        <TextField id="set-password-confirm" label={LABELS.confirmPassword} type="password" autoComplete="new-password" required value={values.confirm} error={fieldErrors.confirm} onChange={form.change('confirm')} />
        <SubmitButton busy={submitting}>{LABELS.setPassword}</SubmitButton>
      </SubmitForm>
    </div>
  );
}
