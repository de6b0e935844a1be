/**
 * Who's off drawn: the week / month switch with previous / today / next, and the period itself (a
 * month grid with a few names per day and the chosen day's list, or a week's list of days). The
 * admin's /admin/whos-off and a manager's My Team draw it from their own data and keep their own
 * state (the address, or the screen's). On a phone the grid keeps its seven columns and shows counts.
 */
import type { WhosOffLeave } from '../../../shared/schemas/holiday-calendar';
import { WHOS_OFF_UI as UI } from './holiday-calendar-copy';
import { formatDays } from './leave-balance-report';
import { formatDay, periodFacts, periodLabel, stepAnchor, type OffDay, type Period, type WhosOffView } from './whos-off-view';
import './holiday-calendar.css';

/** Names a month cell shows before '+N more'. */
const NAMES_PER_CELL = 3;

interface ControlsProps {
  view: WhosOffView;
  anchor: string;
  period: Period;
  today: string;
  /** `view`/`date` to change; an empty date means today. */
  onGo: (changes: { view?: WhosOffView; date?: string }) => void;
}

/** Week or month, and previous / today / next, with the period's name (announced when it changes). */
export function WhosOffControls({ view, anchor, period, today, onGo }: ControlsProps) {
  return (
    <>
      <div className="period-nav">
        <div className="tabs period-nav__tabs" role="group" aria-label={UI.viewLabel}>
          {(['week', 'month'] as const).map((v) => (
            <button key={v} type="button" className="tabs__tab" aria-pressed={view === v} onClick={() => onGo({ view: v })}>
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
          <button type="button" className="button button--secondary button--small" onClick={() => onGo({ date: stepAnchor(view, anchor, -1) })}>
            {UI.previous(view)}
          </button>
          <button type="button" className="button button--secondary button--small" onClick={() => onGo({ date: '' })} aria-current={anchor === today ? 'date' : undefined}>
            {UI.today}
          </button>
          <button type="button" className="button button--secondary button--small" onClick={() => onGo({ date: stepAnchor(view, anchor, 1) })}>
            {UI.next(view)}
          </button>
        </div>
      </div>
    </>
  );
}

interface BodyProps {
  days: readonly OffDay[];
  view: WhosOffView;
  today: string;
  /** The month view's chosen day ('' for none). */
  chosen: string;
  onChoose: (date: string) => void;
  /** A search narrowed the people: an empty period says so instead of "nobody". */
  searching?: boolean;
}

/** How many are off in the period, then the month grid (and the chosen day) or the week's days. */
export function WhosOffBody({ days, view, today, chosen, onChoose, searching = false }: BodyProps) {
  const facts = periodFacts(days);
  const day = view === 'month' ? days.find((d) => d.date === chosen) : undefined;
  return (
    <>
      <p className="muted">{searching && facts.people === 0 ? UI.noMatch : UI.summary(facts.people, Number(formatDays(facts.leaveDays)))}</p>
      {view === 'month' ? (
        <>
          <MonthGrid days={days} today={today} chosen={chosen} onChoose={(d) => onChoose(d === chosen ? '' : d)} />
          {day && <DayDetail day={day} onClose={() => onChoose('')} />}
        </>
      ) : (
        <WeekList days={days} today={today} />
      )}
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
