/**
 * My Team's stand-ins: whom the manager named to decide their team's waiting requests while they are
 * away (now, later, ended), removing one (asked first), and naming one: a person among their own
 * manager, the people beside them and their reports (the server offers those), and the first and last
 * day. A stand-in gets the right to decide, not the team's data.
 */
import { useRef } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { errorMessage } from '../../api/error-message';
import { Banner } from '../../components/banner';
import { DataTable, type DataColumn } from '../../components/data-table';
import { EmployeeRef } from '../../components/employee-ref';
import { FieldError, invalidProps } from '../../components/field-error';
import { LoadingLine } from '../../components/loading-line';
import { StatusBadge } from '../../components/status-badge';
import { SubmitButton } from '../../components/submit-button';
import { SubmitForm } from '../../components/submit-form';
import { useToday } from '../../components/use-today';
import { mutationCall } from '../../flows/from-mutation';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';
import { useFormSubmit } from '../../flows/use-form-submit';
import { useRowAction } from '../../flows/use-row-action';
import type { StandInCandidate, StandInView } from '../../../shared/schemas/team';
import { formatDay } from '../../features/leave-policy/whos-off-view';
import { teamApi, useGetStandInCandidatesQuery, useGetStandInsQuery } from '../../features/team/team-api';
import { TEAM_UI } from '../../features/team/team-copy';
import { removeStandInMachine, standInMachine, type RemoveStandInInput } from './stand-in-machines';

const dayText = (date: string) => `${formatDay(date)} ${date.slice(0, 4)}`;

function stateOf(s: StandInView, today: string) {
  if (s.to < today) return <StatusBadge tone="neutral">{TEAM_UI.standInOver}</StatusBadge>;
  if (s.from > today) return <StatusBadge tone="warning">{TEAM_UI.standInLater}</StatusBadge>;
  return <StatusBadge tone="success">{TEAM_UI.standInNow}</StatusBadge>;
}

function StandInForm({ candidates }: { candidates: readonly StandInCandidate[] }) {
  const dispatch = useAppDispatch();
  const form = useFormSubmit(standInMachine, { submit: mutationCall(teamApi.endpoints.addStandIn, dispatch) });
  const { values, error, message, submitting, change, fieldErrors } = form;
  const sectionRef = useRef<HTMLElement>(null);
  useFocusFirstInvalid(sectionRef, fieldErrors);
  const groups = (['manager', 'peer', 'report'] as const).map((relation) => ({ relation, people: candidates.filter((c) => c.relation === relation) })).filter((g) => g.people.length > 0);
  return (
    <section ref={sectionRef} className="team-stand-in-form" aria-labelledby="team-stand-in-add-title">
      <h3 id="team-stand-in-add-title">{TEAM_UI.addStandInTitle}</h3>
      {error && <Banner tone="error">{error}</Banner>}
      {message && <Banner tone="success">{message}</Banner>}
      {candidates.length === 0 ? (
        <p className="muted">{TEAM_UI.noCandidates}</p>
      ) : (
        <SubmitForm form={form} noValidate className="form team-stand-in-form__fields">
          <div className="field">
            <label htmlFor="stand-in-person">{TEAM_UI.standInPerson}</label>
            <select id="stand-in-person" value={values.standInId} onChange={change('standInId')} {...invalidProps('stand-in-person', fieldErrors.standInId)}>
              <option value="">{TEAM_UI.standInChoose}</option>
              {groups.map((g) => (
                <optgroup key={g.relation} label={TEAM_UI.relations[g.relation]}>
                  {g.people.map((c) => (
                    <option key={c._id} value={c._id}>{`${c.name} (${c.employeeId})`}</option>
                  ))}
                </optgroup>
              ))}
            </select>
            <FieldError id="stand-in-person" error={fieldErrors.standInId} />
          </div>
          <div className="form__row">
            <div className="field">
              <label htmlFor="stand-in-from">{TEAM_UI.standInFrom}</label>
              <input id="stand-in-from" type="date" value={values.from} onChange={change('from')} {...invalidProps('stand-in-from', fieldErrors.from)} />
              <FieldError id="stand-in-from" error={fieldErrors.from} />
            </div>
            <div className="field">
              <label htmlFor="stand-in-to">{TEAM_UI.standInTo}</label>
              <input id="stand-in-to" type="date" min={values.from || undefined} value={values.to} onChange={change('to')} {...invalidProps('stand-in-to', fieldErrors.to)} />
              <FieldError id="stand-in-to" error={fieldErrors.to} />
            </div>
          </div>
          <SubmitButton busy={submitting} block={false}>
            {TEAM_UI.addStandIn}
          </SubmitButton>
        </SubmitForm>
      )}
    </section>
  );
}

export function TeamStandIns() {
  const dispatch = useAppDispatch();
  const today = useToday();
  const list = useGetStandInsQuery(undefined, { refetchOnMountOrArgChange: true });
  const candidates = useGetStandInCandidatesQuery(undefined, { refetchOnMountOrArgChange: true });
  const remove = useRowAction<RemoveStandInInput>(removeStandInMachine, {
    run: (input, signal) => mutationCall(teamApi.endpoints.removeStandIn, dispatch)({ id: input.id }, signal),
  });
  const columns: DataColumn<StandInView>[] = [
    { id: 'person', header: TEAM_UI.standInColumns.person, clamp: true, text: (s) => `${s.employeeId} ${s.name}`, cell: (s) => <EmployeeRef employeeId={s.employeeId} name={s.name} /> },
    { id: 'from', header: TEAM_UI.standInColumns.from, nowrap: true, text: (s) => dayText(s.from), cell: (s) => dayText(s.from) },
    { id: 'to', header: TEAM_UI.standInColumns.to, nowrap: true, text: (s) => dayText(s.to), cell: (s) => dayText(s.to) },
    // A badge: its padding and border are beyond its words' width, so it is sized in em, not by text.
    { id: 'state', header: TEAM_UI.standInColumns.state, nowrap: true, widthEm: { min: 9.5 }, cell: (s) => stateOf(s, today) },
    {
      id: 'actions',
      header: TEAM_UI.standInColumns.actions,
      nowrap: true,
      // Room for the Remove button (there is no text to size it by).
      widthEm: { min: 7 },
      cell: (s) =>
        s.to < today ? null : (
          <button
            type="button"
            className="button button--danger button--small"
            aria-label={TEAM_UI.removeLabel(s.name, dayText(s.from), dayText(s.to))}
            {...remove.controlProps(s._id)}
            onClick={() => remove.run({ id: s._id, name: s.name, from: dayText(s.from), to: dayText(s.to) })}
          >
            {TEAM_UI.remove}
          </button>
        ),
    },
  ];
  return (
    <section className="card card--wide" aria-labelledby="team-stand-ins-title">
      <h2 id="team-stand-ins-title">{TEAM_UI.standInsTitle}</h2>
      <p className="muted">{TEAM_UI.standInsIntro}</p>
      {list.error ? (
        <Banner tone="error">{TEAM_UI.fetchError + errorMessage(list.error, 'the stand-ins could not be loaded')}</Banner>
      ) : list.isLoading || !list.data ? (
        <LoadingLine>{TEAM_UI.loading}</LoadingLine>
      ) : list.data.length === 0 ? (
        <p>{TEAM_UI.noStandIns}</p>
      ) : (
        <DataTable rows={list.data} columns={columns} rowKey={(s) => s._id} labelledBy="team-stand-ins-title" regionLabel={TEAM_UI.standInsRegion} busy={remove.pending !== null} virtualizeAbove={50} />
      )}
      {candidates.error ? (
        <Banner tone="error">{TEAM_UI.fetchError + errorMessage(candidates.error, 'the people could not be loaded')}</Banner>
      ) : candidates.data ? (
        <StandInForm candidates={candidates.data} />
      ) : null}
    </section>
  );
}
