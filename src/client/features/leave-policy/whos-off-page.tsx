/**
 * /admin/whos-off: who is on approved leave, and which days are holidays or weekly offs, over a
 * week or a month, with previous / next / today. The view, the day it is anchored on and the
 * search are in the address (?view=&date=&q=). The server answers only the period (at most 42 days).
 * The month grid shows a few names per day and how many more; choosing a day lists everyone off.
 * On a phone the grid keeps its seven columns and shows counts; the chosen day's list opens below.
 */
import { useDeferredValue, useMemo } from 'react';
import { errorMessage } from '../../api/error-message';
import { Banner } from '../../components/banner';
import { ListToolbar, SearchField } from '../../components/list-controls';
import { LoadingScreen } from '../../components/loading-screen';
import { useUrlParam, useUrlPatch, useUrlText } from '../../components/use-url-state';
import { PATHS } from '../../config/paths';
import { useToday } from '../../components/use-today';
import { useGetWhosOffQuery } from './holiday-calendar-api';
import { WHOS_OFF_UI as UI } from './holiday-calendar-copy';
import { LeaveAdminNav } from './leave-admin-nav';
import { WhosOffBody, WhosOffControls } from './whos-off-calendar';
import { offDays, periodOf, type WhosOffView } from './whos-off-view';
import './holiday-calendar.css';
const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

export function WhosOffPage() {
  const today = useToday();
  const [viewParam] = useUrlParam('view');
  const [dateParam] = useUrlParam('date');
  const [dayParam, setDay] = useUrlParam('day');
  const patch = useUrlPatch();
  const [query, setQuery] = useUrlText('q');
  const searched = useDeferredValue(query);
  const view: WhosOffView = viewParam === 'week' ? 'week' : 'month';
  const anchor = isDate(dateParam) ? dateParam : today;
  const period = periodOf(view, anchor);
  const { data, error, isLoading, isFetching } = useGetWhosOffQuery(period);
  // A stale answer (the previous period's) is not drawn over the new period's dates.
  const current = data && data.from === period.from && data.to === period.to ? data : undefined;
  const days = useMemo(() => (current ? offDays(current, view, anchor, searched) : []), [current, view, anchor, searched]);

  const go = (changes: Record<string, string>) => patch({ day: '', ...changes });

  return (
    <>
      <LeaveAdminNav exclude={PATHS.adminWhosOff} />
      <section className="card card--wide" aria-labelledby="whos-off-title" aria-busy={isFetching}>
        <h2 id="whos-off-title">{UI.title}</h2>
        <WhosOffControls view={view} anchor={anchor} period={period} today={today} onGo={({ view: v, date }) => go(v ? { view: v === 'month' ? '' : v } : { date: date ?? '' })} />
        <ListToolbar label={UI.search}>
          <SearchField id="whos-off-search" label={UI.search} value={query} onChange={setQuery} />
        </ListToolbar>
        {error ? (
          <Banner tone="error">{UI.failed + errorMessage(error, "who's off could not be loaded")}</Banner>
        ) : isLoading || !current ? (
          <LoadingScreen text={UI.loading} />
        ) : (
          <WhosOffBody days={days} view={view} today={today} chosen={dayParam} onChoose={setDay} searching={query.trim() !== ''} />
        )}
      </section>
    </>
  );
}

