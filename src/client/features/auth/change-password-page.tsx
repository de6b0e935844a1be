import { useRef } from 'react';
/** Change Password (product.md, Screens, 4, 5): employees only, guarded by the /employee area. */
import { useNavigate } from 'react-router-dom';
import { LABELS, TITLES } from '../../copy';
import { mutationCall } from '../../flows/from-mutation';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';
import { useFormSubmit } from '../../flows/use-form-submit';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { SubmitForm } from '../../components/submit-form';
import { PATHS } from '../../config/paths';
import { useSession } from '../session/session-context';
import { authApi } from './auth-api';
import { changePasswordMachine, renewedToken } from './change-password-machine';

const FIELDS = [
  { name: 'oldPassword', label: LABELS.oldPassword, autoComplete: 'current-password' },
  { name: 'newPassword', label: LABELS.newPassword, autoComplete: 'new-password' },
  { name: 'confirmPassword', label: LABELS.confirmNewPassword, autoComplete: 'new-password' },
] as const;

export function ChangePasswordPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const session = useSession();
  const form = useFormSubmit(changePasswordMachine, {
    submit: mutationCall(authApi.endpoints.changePassword, dispatch),
    redirect: () => navigate(PATHS.employeeAttendance),
    accepted: (result) => {
      const token = renewedToken(result);
      if (token) session.send({ type: 'TOKEN_RENEWED', token });
    },
  });
  const { values, error, message, submitting, fieldErrors } = form;
  const ref = useRef<HTMLElement>(null);
  useFocusFirstInvalid(ref, fieldErrors);

  return (
    <section ref={ref} className="card card--narrow" aria-labelledby="change-password-title">
      <h2 id="change-password-title">{TITLES.changePassword}</h2>
      {error && <Banner tone="error">{error}</Banner>}
      {message && <Banner tone="success">{message}</Banner>}
      <SubmitForm form={form} noValidate>
        {FIELDS.map(({ name, label, autoComplete }) => (
          <TextField key={name} id={`change-${name}`} label={label} type="password" autoComplete={autoComplete} required value={values[name]} error={fieldErrors[name]} onChange={form.change(name)} />
        ))}
        <SubmitButton busy={submitting}>{LABELS.updatePassword}</SubmitButton>
      </SubmitForm>
    </section>
  );
}
