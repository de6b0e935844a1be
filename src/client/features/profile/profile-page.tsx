/**
 * /employee/profile (product.md, Screens): 'Edit Profile' with Name and Email and Update Profile. The
 * own record id comes from the token's user.id (or, for a token without it, GET /api/employee/current);
 * the record itself from GET /api/employee/{id}, with 'Failed to load profile' when that fails.
 */
import { useRef } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { ACCOUNT_UI, EMPLOYEE_UI, FALLBACK } from '../../copy';
import type { Employee } from '../../../shared/schemas/employee';
import { errorMessage } from '../../api/error-message';
import { useGetCurrentEmployeeQuery, useGetEmployeeQuery } from '../../api/employee-api';
import { mutationCall } from '../../flows/from-mutation';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';
import { useFormSubmit } from '../../flows/use-form-submit';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { LoadingScreen } from '../../components/loading-screen';
import { SubmitButton } from '../../components/submit-button';
import { SubmitForm } from '../../components/submit-form';
import { TextField } from '../../components/text-field';
import { useSession, useSessionSelector } from '../session/session-context';
import { needsCurrentEmployee, selectOwnProfileId } from './own-profile-id';
import { profileApi } from './profile-api';
import { StatutoryDetailsList } from './statutory-details';
import type { StatutoryDetails } from '../../../shared/schemas/employee-statutory';
import { pendingEmailOf, profileInput, profileMachine } from './profile-machine';

export function ProfilePage() {
  const token = useSessionSelector((s) => s.context.token);
  const own = useGetCurrentEmployeeQuery(needsCurrentEmployee(token) ? undefined : skipToken);
  const id = useAppSelector((state) => selectOwnProfileId(state, token));
  const profile = useGetEmployeeQuery(id ?? skipToken);

  const loadError = own.error ?? profile.error;
  let body;
  if (loadError) body = <Banner tone="error">{errorMessage(loadError, FALLBACK.loadProfile)}</Banner>;
  else if (!profile.data) body = <LoadingScreen text={EMPLOYEE_UI.loadingProfile} />;
  // Keyed by record: the form starts from that record's values.
  else body = <ProfileForm key={profile.data._id} employee={profile.data} />;

  return (
    <section className="card card--narrow" aria-labelledby="profile-title">
      <h2 id="profile-title">{EMPLOYEE_UI.profileTitle}</h2>
      {body}
    </section>
  );
}

function ProfileForm({ employee }: { employee: Employee }) {
  const dispatch = useAppDispatch();
  const session = useSession();
  const form = useFormSubmit(
    profileMachine,
    {
      submit: mutationCall(profileApi.endpoints.updateProfile, dispatch),
      // The session's token, not localStorage's: another tab may have stored someone else's.
      allowed: () => session.getSnapshot().context.token !== null,
      leave: () => session.send({ type: 'LOGOUT' }),
    },
    profileInput(employee),
  );
  const { values, error, submitting, fieldErrors } = form;
  const ref = useRef<HTMLDivElement>(null);
  useFocusFirstInvalid(ref, fieldErrors);
  const pendingEmail = pendingEmailOf(form.result);
  const { statutory } = employee as { statutory?: StatutoryDetails };
  if (form.refused) return null;

  return (
    <div ref={ref}>
      {/* Stays on the screen (a toast would go): the email shown is still the old one until the link is used. */}
      {pendingEmail && <Banner tone="info">{ACCOUNT_UI.emailChangePending(pendingEmail)}</Banner>}
      <SubmitForm
        form={form}
        noValidate
        before={
          error && (
            <p className="form-error" role="alert">
              {error}
            </p>
          )
        }
      >
        <TextField id="profile-name" label={EMPLOYEE_UI.name} type="text" autoComplete="name" required value={values.name} error={fieldErrors.name} onChange={form.change('name')} />
        <TextField id="profile-email" label={EMPLOYEE_UI.email} type="email" autoComplete="email" required value={values.email} error={fieldErrors.email} onChange={form.change('email')} />
        {values.email.trim().toLowerCase() !== employee.email && (
          <TextField
            id="profile-current-password"
            label={ACCOUNT_UI.currentPassword}
            hint={ACCOUNT_UI.currentPasswordHint}
            type="password"
            autoComplete="current-password"
            required
            value={values.currentPassword}
            error={fieldErrors.currentPassword}
            onChange={form.change('currentPassword')}
          />
        )}
        <SubmitButton busy={submitting}>{EMPLOYEE_UI.updateProfile}</SubmitButton>
      </SubmitForm>
      {/* Read-only: an admin keeps them; the server sends the account number masked. */}
      {statutory && <StatutoryDetailsList details={statutory} />}
    </div>
  );
}
