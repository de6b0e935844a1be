/**
 * My Team's "Who's off": the team's approved leave over this week (or a month), with the company's
 * holidays and weekly offs, drawn by the same calendar as the admin's /admin/whos-off. The period is
 * the screen's own state: My Team has other sections, so it stays out of the address.
 */
import { useMemo, useState } from 'react';
import { errorMessage } from '../../api/error-message';
import { Banner } from '../../components/banner';
import { LoadingLine } from '../../components/loading-line';
import { useToday } from '../../components/use-today';
import { WHOS_OFF_UI } from '../../features/leave-policy/holiday-calendar-copy';
import { WhosOffBody, WhosOffControls } from '../../features/leave-policy/whos-off-calendar';
import { offDays, periodOf, type WhosOffView } from '../../features/leave-policy/whos-off-view';
import { useGetTeamWhosOffQuery } from '../../features/team/team-api';
import { TEAM_UI } from '../../features/team/team-copy';

export function TeamWhosOff() {
  const today = useToday();
  const [view, setView] = useState<WhosOffView>('week');
  const [date, setDate] = useState('');
  const [chosen, setChosen] = useState('');
  const anchor = date || today;
  const period = periodOf(view, anchor);
  const { data, error, isLoading, isFetching } = useGetTeamWhosOffQuery(period, { refetchOnMountOrArgChange: true });
  // A stale answer (the previous period's) is not drawn over the new period's dates.
  const current = data && data.from === period.from && data.to === period.to ? data : undefined;
  const days = useMemo(() => (current ? offDays(current, view, anchor) : []), [current, view, anchor]);

  return (
    <section className="card card--wide" aria-labelledby="team-whos-off-title" aria-busy={isFetching}>
      <h2 id="team-whos-off-title">{TEAM_UI.whosOffTitle}</h2>
      <WhosOffControls
        view={view}
        anchor={anchor}
        period={period}
        today={today}
        onGo={(go) => {
          setChosen('');
          if (go.view) setView(go.view);
          if (go.date !== undefined) setDate(go.date);
        }}
      />
      {error ? (
        <Banner tone="error">{WHOS_OFF_UI.failed + errorMessage(error, "who's off could not be loaded")}</Banner>
      ) : isLoading || !current ? (
        <LoadingLine>{WHOS_OFF_UI.loading}</LoadingLine>
      ) : (
        <WhosOffBody days={days} view={view} today={today} chosen={chosen} onChoose={setChosen} />
      )}
    </section>
  );
}
