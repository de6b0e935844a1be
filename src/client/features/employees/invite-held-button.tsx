/**
 * The Employee List's Invite button: shown while an "invite later" import holds invitations, it
 * sends every held one in bulk (POST /api/employee/invitations) and says how many went.
 */
import { errorMessage } from '../../api/error-message';
import { Spinner } from '../../components/spinner';
import { useEffects } from '../../feedback/effects-context';
import { EMPLOYEE_LIST_UI as UI } from './employee-list-copy';
import { useGetHeldInvitationsQuery, useSendHeldInvitationsMutation } from './employees-api';

export function InviteHeldButton() {
  const { data } = useGetHeldInvitationsQuery();
  const [send, { isLoading }] = useSendHeldInvitationsMutation();
  const effects = useEffects();
  if (!data?.held) return null;
  const invite = async () => {
    try {
      effects.toast('success', (await send().unwrap()).msg);
    } catch (err) {
      effects.toast('error', UI.inviteFailed + errorMessage(err, 'the server did not answer'));
    }
  };
  return (
    <button type="button" className="button" disabled={isLoading} aria-busy={isLoading} onClick={() => void invite()}>
      {isLoading && <Spinner />} {UI.invite(data.held)}
    </button>
  );
}
