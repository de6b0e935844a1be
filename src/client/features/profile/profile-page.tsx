/**
 * /employee/profile (spec section 2): 'Edit Profile' with Name and Email and Update Profile. The
 * own record id comes from the token's user.id (or, for a token without it, GET /api/employee/current);
 * the record itself from GET /api/employee/{id}, with 'Failed to load profile' when that fails.
 */
import { useState, type FormEvent } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useMachine } from '@xstate/react';
import { ACCOUNT_MSG } from '../../../shared/messages';
import { EMPLOYEE_UI, FALLBACK } from '../../copy';
import type { Employee } from '../../../shared/schemas/employee';
import { errorMessage } from '../../api/error-message';
import { useGetCurrentEmployeeQuery, useGetEmployeeQuery } from '../../api/employee-api';
import { fromMutation } from '../../flows/from-mutation';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import { LoadingScreen } from '../../components/loading-screen';
import { Spinner } from '../../components/spinner';
import { useEffects } from '../../feedback/effects-context';
import { useSession, useSessionSelector } from '../session/session-context';
import { ownUserId } from '../session/token';
import { profileApi } from './profile-api';
import { profileMachine, type ProfileEvent } from './profile-machine';

export function ProfilePage() {
  const dispatch = useAppDispatch();
  const session = useSession();
  const effects = useEffects();
  const [logic] = useState(() =>
    profileMachine.provide({
      actors: {
        updateProfile: fromMutation(profileApi.endpoints.updateProfile, dispatch),
      },
      actions: {
        notify: (_, { tone, message }) => effects.toast(tone, message),
        leave: () => session.send({ type: 'LOGOUT' }),
      },
      // The session's token, not localStorage's: another tab may have stored someone else's.
      guards: { hasToken: () => session.getSnapshot().context.token !== null },
    }),
  );
  const [state, send] = useMachine(logic);
  const signedOut = state.matches('signedOut');

  const idFromToken = useSessionSelector((s) => ownUserId(s.context.token));
  const own = useGetCurrentEmployeeQuery(signedOut || idFromToken ? skipToken : undefined);
  const id = idFromToken ?? own.data?._id;
  const profile = useGetEmployeeQuery(signedOut || !id ? skipToken : id);

  if (signedOut) return null;

  const loadError = own.error ?? profile.error;
  let body;
  if (loadError) body = <Banner tone="error">{errorMessage(loadError, FALLBACK.loadProfile)}</Banner>;
  else if (!profile.data) body = <LoadingScreen text={EMPLOYEE_UI.loadingProfile} />;
  else
    body = (
      <ProfileForm
        key={profile.data._id}
        employee={profile.data}
        saving={state.matches('saving')}
        error={state.context.error}
        onSubmit={(values) => send({ type: 'SUBMIT', ...values })}
      />
    );

  return (
    <section className="card card--narrow" aria-labelledby="profile-title">
      <h2 id="profile-title">{EMPLOYEE_UI.profileTitle}</h2>
      {/* Stays on the screen (a toast would go): the email shown is still the old one until the link is used. */}
      {state.context.pendingEmail && <Banner tone="info">{ACCOUNT_MSG.emailChangePending(state.context.pendingEmail)}</Banner>}
      {body}
    </section>
  );
}

interface ProfileFormProps {
  employee: Employee;
  saving: boolean;
  error: string | null;
  onSubmit: (values: Omit<ProfileEvent, 'type'>) => void;
}

function ProfileForm({ employee, saving, error, onSubmit }: ProfileFormProps) {
  // The inputs start from the loaded record; what is typed stays here until it is submitted.
  const [name, setName] = useState(employee.name);
  const [email, setEmail] = useState(employee.email);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit({ id: employee._id, name, email });
  };

  return (
    <form className="form" onSubmit={submit} aria-busy={saving}>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <fieldset className="form__fields" disabled={saving}>
        <div className="field">
          <label htmlFor="profile-name">{EMPLOYEE_UI.name}</label>
          <input id="profile-name" type="text" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="profile-email">{EMPLOYEE_UI.email}</label>
          <input
            id="profile-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <button type="submit" className="button button--block">
          {saving && <Spinner />} {EMPLOYEE_UI.updateProfile}
        </button>
      </fieldset>
    </form>
  );
}
