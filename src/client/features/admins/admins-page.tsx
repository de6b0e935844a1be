/**
 * /admin/admins: who can run the portal, inviting another admin by email, and deactivating one
 * (asked first; the server refuses the last active admin and oneself, and says so).
 */
import { useRef } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { RegionTable } from '../../components/scroll-table';
import { Banner } from '../../components/banner';
import { QueryList } from '../../components/query-list';
import { StatusBadge } from '../../components/status-badge';
import { SubmitButton } from '../../components/submit-button';
import { SubmitForm } from '../../components/submit-form';
import { TextField } from '../../components/text-field';
import { mutationCall } from '../../flows/from-mutation';
import { useFormSubmit } from '../../flows/use-form-submit';
import { useRowAction } from '../../flows/use-row-action';
import type { AdminAccount } from '../../../shared/schemas/admins';
import { adminInviteMachine, deactivateAdminMachine, type DeactivateInput } from './admin-machines';
import { ADMINS_UI as UI } from './admins-copy';
import { adminsApi, useGetAdminsQuery } from './admins-api';
import './admins.css';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';

const WHEN = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const lastSignIn = (iso: string | null) => (iso ? WHEN.format(new Date(iso)) : UI.never);

function statusOf(admin: AdminAccount) {
  if (!admin.active) return <StatusBadge tone="neutral">{UI.inactive}</StatusBadge>;
  if (admin.invited) return <StatusBadge tone="warning">{UI.invited}</StatusBadge>;
  return <StatusBadge tone="success">{UI.active}</StatusBadge>;
}

function InviteForm() {
  const dispatch = useAppDispatch();
  const form = useFormSubmit(adminInviteMachine, { submit: mutationCall(adminsApi.endpoints.inviteAdmin, dispatch) });
  const { values, error, message, submitting, change, fieldErrors } = form;
  const ref = useRef<HTMLElement>(null);
  useFocusFirstInvalid(ref, fieldErrors);
  return (
    <section ref={ref} className="admins__invite" aria-labelledby="admins-invite-title">
      <h3 id="admins-invite-title">{UI.inviteTitle}</h3>
      {error && <Banner tone="error">{error}</Banner>}
      {message && <Banner tone="success">{message}</Banner>}
      <SubmitForm form={form} noValidate className="form admins__invite-form">
        <TextField id="admin-invite-name" label={UI.name} autoComplete="off" maxLength={100} value={values.name} error={fieldErrors.name} onChange={change('name')} />
        <TextField id="admin-invite-email" label={UI.email} type="email" autoComplete="off" maxLength={254} value={values.email} error={fieldErrors.email} onChange={change('email')} />
        <SubmitButton busy={submitting} block={false}>
          {UI.invite}
        </SubmitButton>
      </SubmitForm>
    </section>
  );
}

function AdminTable({ admins }: { admins: AdminAccount[] }) {
  const dispatch = useAppDispatch();
  const deactivate = useRowAction<DeactivateInput>(deactivateAdminMachine, {
    run: (input, signal) => mutationCall(adminsApi.endpoints.deactivateAdmin, dispatch)({ id: input.id }, signal),
  });
  return (
    <RegionTable label={UI.listLabel} tableClassName="table--cards admins__table" heads={[UI.name, UI.email, UI.status, UI.lastSignIn, UI.actions]}>
      {admins.map((a) => (
        <tr key={a._id}>
          <th scope="row" data-label={UI.name} className="admins__name">
            {a.name} {a.you && <span className="muted">{UI.you}</span>}
          </th>
          <td data-label={UI.email} className="admins__email">
            {a.email}
          </td>
          <td data-label={UI.status}>{statusOf(a)}</td>
          <td data-label={UI.lastSignIn}>{lastSignIn(a.lastSignInAt)}</td>
          <td data-label={UI.actions}>
            {a.active && !a.you && (
              <button
                type="button"
                className="button button--danger button--small"
                aria-label={UI.deactivateLabel(a.name)}
                {...deactivate.controlProps(a._id)}
                onClick={() => deactivate.run({ id: a._id, name: a.name, email: a.email })}
              >
                {UI.deactivate}
              </button>
            )}
          </td>
        </tr>
      ))}
    </RegionTable>
  );
}

export function AdminsPage() {
  const list = useGetAdminsQuery();
  return (
    <section className="card card--wide admins" aria-labelledby="admins-title">
      <h2 id="admins-title">{UI.title}</h2>
      <p className="muted">{UI.intro}</p>
      <QueryList query={list} words={UI}>
        {(rows) => <AdminTable admins={rows} />}
      </QueryList>
      <InviteForm />
    </section>
  );
}
