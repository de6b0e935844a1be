/** Asks for a set-password link by email; the server answers the same way whether the account exists. */
import { LABELS, TITLES } from '../../copy';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { SubmitForm } from '../../components/submit-form';
import { mutationCall } from '../../flows/from-mutation';
import { useFormSubmit } from '../../flows/use-form-submit';
import { authApi } from './auth-api';
import { forgotPasswordMachine } from './password-link-machines';
import { PublicCard } from './public-card';

export function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const form = useFormSubmit(forgotPasswordMachine, { submit: mutationCall(authApi.endpoints.forgotPassword, dispatch) });
  const { values, error, message, submitting } = form;

  return (
    <PublicCard id="forgot-title" title={TITLES.forgotPassword}>
      {error && <Banner tone="error">{error}</Banner>}
      {message && <Banner tone="success">{message}</Banner>}
      <SubmitForm form={form}>
        <TextField id="forgot-email" label={LABELS.email} type="email" autoComplete="email" required value={values.email} onChange={form.change('email')} />
        <SubmitButton busy={submitting}>{LABELS.sendLink}</SubmitButton>
      </SubmitForm>
    </PublicCard>
  );
}
