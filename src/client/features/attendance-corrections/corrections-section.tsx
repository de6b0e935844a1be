/**
 * 'Attendance corrections' beside the leave requests. Employees get the request form and
 * their own corrections with status badges; admins get the corrections awaiting a decision, with
 * Approve and Reject behind an in-app question. Lists refresh through cache invalidation; the flows
 * run in their machines, this only renders them.
 */
import type { Correction } from '../../../shared/schemas/attendance-correction';
import { errorMessage } from '../../api/error-message';
import { useAppDispatch } from '../../app/hooks';
import { Banner } from '../../components/banner';
import type { Decision } from '../../components/decision-buttons';
import { LIST_UI } from '../../components/list-copy';
import { LoadingLine } from '../../components/loading-line';
import { mutationCall } from '../../flows/from-mutation';
import { useRowAction } from '../../flows/use-row-action';
import type { AreaRole } from '../session/session-machine';
import { correctionDecisionMachine } from './correction-decision-machine';
import { CorrectionRequestForm } from './correction-request-form';
import { CorrectionTable } from './correction-table';
import { correctionsApi, useGetCorrectionsQuery, useGetOwnCorrectionsQuery, type CorrectionList } from './corrections-api';
import { CORRECTION_UI } from './corrections-copy';
import './corrections.css';

// Fresh on every visit and when the tab regains focus: the other side may have acted meanwhile.
const FRESH = { refetchOnMountOrArgChange: true, refetchOnFocus: true } as const;

interface ListBodyProps {
  titleId: string;
  title: string;
  empty: string;
  query: { data?: CorrectionList; error?: unknown; isLoading: boolean };
  decide?: { pendingId: string | null; onDecide: (c: Correction, status: Decision) => void };
  /** The admin's list is the whole section, so its title is the section's heading. */
  heading?: 'h2' | 'h3';
}

/** Loading, failure, empty or the table: the same for both lists. */
function ListBody({ titleId, title, empty, query, decide, heading: Heading = 'h3' }: ListBodyProps) {
  const { data, error, isLoading } = query;
  return (
    <div className={Heading === 'h3' ? 'corrections__list' : undefined}>
      <Heading id={titleId}>{title}</Heading>
      {error !== undefined && <Banner tone="error">{CORRECTION_UI.loadFailed + errorMessage(error, CORRECTION_UI.fallback)}</Banner>}
      {isLoading ? (
        <LoadingLine>{CORRECTION_UI.loading}</LoadingLine>
      ) : data && data.corrections.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        data && (
          <CorrectionTable corrections={data.corrections} labelledBy={titleId} regionLabel={LIST_UI.tableRegion(title)} decide={decide} />
        )
      )}
      {data?.hasMore && <p className="muted">{CORRECTION_UI.truncated(data.corrections.length)}</p>}
    </div>
  );
}

function OwnCorrections() {
  const query = useGetOwnCorrectionsQuery(undefined, FRESH);
  return <ListBody titleId="own-corrections-title" title={CORRECTION_UI.myTitle} empty={CORRECTION_UI.emptyOwn} query={query} />;
}

function PendingCorrections() {
  const dispatch = useAppDispatch();
  const query = useGetCorrectionsQuery({ status: 'pending' }, FRESH);
  const decision = useRowAction(correctionDecisionMachine, {
    run: mutationCall(correctionsApi.endpoints.decideCorrection, dispatch),
  });
  return (
    <ListBody
      titleId="pending-corrections-title"
      title={CORRECTION_UI.pendingTitle}
      empty={CORRECTION_UI.emptyPending}
      query={query}
      heading="h2"
      decide={{
        pendingId: decision.pending?.id ?? null,
        onDecide: (c, status) => decision.run({ id: c._id, status, name: c.name, date: c.date, inTime: c.inTime, outTime: c.outTime }),
      }}
    />
  );
}

export function CorrectionsSection({ role }: { role: AreaRole }) {
  if (role === 'admin') {
    return (
      <section className="card card--wide corrections" aria-labelledby="pending-corrections-title">
        <PendingCorrections />
      </section>
    );
  }
  return (
    <section className="card card--wide corrections" aria-labelledby="corrections-title">
      <h2 id="corrections-title">{CORRECTION_UI.sectionTitle}</h2>
      <p className="muted corrections__intro">{CORRECTION_UI.intro}</p>
      <CorrectionRequestForm />
      <OwnCorrections />
    </section>
  );
}
