/**
 * /admin/whos-off: who is on approved leave, and which days are holidays or weekly offs, over a
 * week or a month, with previous / next / today. The view, the day it is anchored on and the
 * search are in the address (?view=&date=&q=). The server answers only the period (at most 42 days).
 * The month grid shows a few names per day and how many more; choosing a day lists everyone off.
 * On a phone the grid keeps its seven columns and shows counts; the chosen day's list opens below.
 */
import { useDeferredValue, useMemo } from 'react';
import type { WhosOffLeave } from '../../../shared/schemas/holiday-calendar';
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
import { formatDays } from './leave-balance-report';
import { formatDay, offDays, periodFacts, periodLabel, periodOf, stepAnchor, type OffDay, type WhosOffView } from './whos-off-view';
import './holiday-calendar.css';

/** Names a month cell shows before '+N more'. */
const NAMES_PER_CELL = 3;
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
  const facts = periodFacts(days);
  const chosen = view === 'month' ? days.find((d) => d.date === dayParam) : undefined;

  const go = (changes: Record<string, string>) => patch({ day: '', ...changes });

  return (
    <>
      <LeaveAdminNav exclude={PATHS.adminWhosOff} />
      <section className="card card--wide" aria-labelledby="whos-off-title" aria-busy={isFetching}>
        <h2 id="whos-off-title">{UI.title}</h2>
        <div className="period-nav">
          <div className="tabs period-nav__tabs" role="group" aria-label={UI.viewLabel}>
            {(['week', 'month'] as const).map((v) => (
              <button key={v} type="button" className="tabs__tab" aria-pressed={view === v} onClick={() => go({ view: v === 'month' ? '' : v })}>
                {v === 'week' ? UI.week : UI.month}
              </button>
            ))}
          </div>
        </div>
        <div className="period-nav">
          <h3 className="period-nav__label" aria-live="polite">
            {periodLabel(view, anchor, period)}
          </h3>
          <div className="period-nav__buttons">
            <button type="button" className="button button--secondary button--small" onClick={() => go({ date: stepAnchor(view, anchor, -1) })}>
              {UI.previous(view)}
            </button>
            <button type="button" className="button button--secondary button--small" onClick={() => go({ date: '' })} aria-current={anchor === today ? 'date' : undefined}>
              {UI.today}
            </button>
            <button type="button" className="button button--secondary button--small" onClick={() => go({ date: stepAnchor(view, anchor, 1) })}>
              {UI.next(view)}
            </button>
          </div>
        </div>
        <ListToolbar label={UI.search}>
          <SearchField id="whos-off-search" label={UI.search} value={query} onChange={setQuery} />
        </ListToolbar>
        {error ? (
          <Banner tone="error">{UI.failed + errorMessage(error, "who's off could not be loaded")}</Banner>
        ) : isLoading || !current ? (
          <LoadingScreen text={UI.loading} />
        ) : (
          <>
            <p className="muted">{query.trim() && facts.people === 0 ? UI.noMatch : UI.summary(facts.people, Number(formatDays(facts.leaveDays)))}</p>
            {view === 'month' ? (
              <>
                <MonthGrid days={days} today={today} chosen={dayParam} onChoose={(d) => setDay(d === dayParam ? '' : d)} />
                {chosen && <DayDetail day={chosen} onClose={() => setDay('')} />}
              </>
            ) : (
              <WeekList days={days} today={today} />
            )}
          </>
        )}
      </section>
    </>
  );
}

function dayTags(day: OffDay) {
  return (
    <>
      {day.holiday && <span className="whos-off__tag">{day.holiday}</span>}
      {!day.holiday && day.weeklyOff && <span className="whos-off__tag">{UI.weeklyOff}</span>}
      {day.optionalHoliday && <span className="whos-off__tag">{`${UI.optionalHoliday}: ${day.optionalHoliday}`}</span>}
    </>
  );
}

const partText = (p: WhosOffLeave) => (p.dayPart === 'first-half' ? `, ${UI.firstHalf}` : p.dayPart === 'second-half' ? `, ${UI.secondHalf}` : '');

function MonthGrid({ days, today, chosen, onChoose }: { days: readonly OffDay[]; today: string; chosen: string; onChoose: (date: string) => void }) {
  return (
    <div className="whos-off__grid" role="group" aria-label={UI.title}>
      {UI.weekdays.map((w) => (
        <div key={w} className="whos-off__weekday" aria-hidden="true">
          {w}
        </div>
      ))}
      {days.map((day) => {
        const off = !!day.holiday || day.weeklyOff;
        const classes = ['whos-off__day', !day.inMonth && 'whos-off__day--outside', off && 'whos-off__day--off', day.date === today && 'whos-off__day--today'].filter(Boolean).join(' ');
        const shown = day.people.slice(0, NAMES_PER_CELL);
        const more = day.people.length - shown.length;
        const label = `${formatDay(day.date)}${day.holiday ? `, ${day.holiday}` : day.weeklyOff ? `, ${UI.weeklyOff}` : ''}${day.optionalHoliday ? `, ${UI.optionalHoliday}: ${day.optionalHoliday}` : ''}: ${day.people.length ? UI.offCount(day.people.length) : UI.nobodyOff}`;
        return (
          // The name is the day in words, in hidden text rather than aria-label: an aria-label that
          // leaves out the cell's visible text (its names, "+2 more") fails label-in-name, and the
          // cell's short forms ("24", a phone's bare count) read badly. The day's names are in its
          // detail, one click away.
          <button key={day.date} type="button" className={classes} aria-pressed={chosen === day.date} onClick={() => onChoose(day.date)}>
            <span className="visually-hidden">{label}</span>
            <span className="whos-off__cell" aria-hidden="true">
              <span className="whos-off__date">{Number(day.date.slice(8))}</span>
              {dayTags(day)}
              {shown.length > 0 && (
                <ul className="whos-off__people">
                  {shown.map((p) => (
                    <li key={p._id}>{p.name}</li>
                  ))}
                </ul>
              )}
              {more > 0 && <span className="whos-off__more">{UI.more(more)}</span>}
              {/* A phone's cell has room for the count only; the button's name says it in words. */}
              {day.people.length > 0 && <span className="whos-off__count whos-off__count--phone">{day.people.length}</span>}
            </span>
          </button>
        );
      })}
    </div>
  );
}

function PeopleList({ people }: { people: readonly WhosOffLeave[] }) {
  return (
    <ul className="whos-off__list">
      {people.map((p) => (
        <li key={p._id}>
          <strong>{p.name}</strong> <span className="muted">{`${p.employeeId} · ${p.leaveType}${partText(p)}`}</span>
        </li>
      ))}
    </ul>
  );
}

function DayDetail({ day, onClose }: { day: OffDay; onClose: () => void }) {
  return (
    <section className="whos-off__detail whos-off__week-day" aria-labelledby="whos-off-day-title">
      <div className="card-heading-row">
        <h3 id="whos-off-day-title">{UI.dayHeading(formatDay(day.date), day.people.length)}</h3>
        <button type="button" className="button button--secondary button--small" onClick={onClose}>
          {UI.close}
        </button>
      </div>
      {dayTags(day)}
      {day.people.length > 0 && <PeopleList people={day.people} />}
    </section>
  );
}

function WeekList({ days, today }: { days: readonly OffDay[]; today: string }) {
  return (
    <div className="whos-off__week">
      {days.map((day) => {
        const off = !!day.holiday || day.weeklyOff;
        return (
          <section key={day.date} className={`whos-off__week-day${off ? ' whos-off__week-day--off' : ''}`} aria-label={formatDay(day.date)}>
            <h3>
              {formatDay(day.date)}
              {day.date === today && <span className="badge badge--info whos-off__today">{UI.today}</span>}
              {!off && <span className="muted">{` · ${day.people.length ? UI.offCount(day.people.length) : UI.nobodyOff}`}</span>}
            </h3>
            {dayTags(day)}
            {day.people.length > 0 && <PeopleList people={day.people} />}
          </section>
        );
      })}
    </div>
  );
}
