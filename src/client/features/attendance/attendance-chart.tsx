/**
 * The dashboard's present-vs-absent chart for the last 30 days (and 11): plain HTML bars,
 * no chart library, so its text stays text-sized on a phone instead of shrinking with a scaled
 * picture. The bars are decorative to assistive tech; the caption sums them up in words and a
 * visually hidden table carries every day's numbers. Absent bars are hatched as well as coloured,
 * and always sit on top, so colour is never the only way to tell them apart.
 *
 * Today's bar comes from the live records the overview polls (the same rule as the figure cards,
 * todayPresence), so after a punch the chart and the table agree within the same poll. The other
 * days come from /api/attendance/summary, fetched again when the day has moved on.
 */
import { useEffect, useMemo } from 'react';
import { LoadingLine } from '../../components/loading-line';
import { FALLBACK, PREFIX } from '../../copy';
import { ATTENDANCE_EXTRA_UI, ATTENDANCE_UI } from './attendance-copy';
import type { AttendanceRecord, AttendanceSummaryDay } from '../../../shared/schemas/attendance';
import { errorMessage } from '../../api/base-api';
import { Banner } from '../../components/banner';
import { useGetAttendanceSummaryQuery } from './attendance-api';
import { summaryFacts, todayPresence, withLiveToday } from './attendance-view';
import './attendance-chart.css';

/** The chart's window, in days (today included). */
export const CHART_DAYS = 30;

// Calendar dates, so formatted in UTC: no viewer's zone may move them a day.
const dayLabel = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const shortDate = (date: string) => dayLabel.format(new Date(`${date}T00:00:00Z`));

/** A bar's share of the tallest day, as a CSS height (set through the CSSOM, which the CSP allows). */
const share = (n: number, max: number) => `${(n / max) * 100}%`;

function Bars({ days }: { days: readonly AttendanceSummaryDay[] }) {
  const max = Math.max(1, ...days.map((d) => d.present + d.absent));
  const first = days[0]?.date;
  const last = days.at(-1)?.date;

  return (
    <div className="bars" aria-hidden="true">
      <div className="bars__plot">
        <span className="bars__max">{max}</span>
        <ol className="bars__days">
          {days.map((day) => (
            <li key={day.date} className={day.dayOff ? 'bars__day bars__day--off' : 'bars__day'} data-date={day.date}>
              <span className="bars__absent" style={{ height: share(day.absent, max) }} />
              <span className="bars__present" style={{ height: share(day.present, max) }} />
            </li>
          ))}
        </ol>
      </div>
      <div className="bars__dates">
        {first && <span>{shortDate(first)}</span>}
        {last && last !== first && <span>{shortDate(last)}</span>}
      </div>
    </div>
  );
}

interface AttendanceChartProps {
  /** Stops the query (no admin session). */
  skip?: boolean;
  /** Today (YYYY-MM-DD), the day `todayRecords` belong to. */
  date?: string;
  /** The live records of `date` (the overview's poll); without them today's bar is the summary's. */
  todayRecords?: readonly AttendanceRecord[];
}

/** The dashboard mounts this under its overview, handing it the overview's live records. */
export function AttendanceChart({ skip = false, date, todayRecords }: AttendanceChartProps) {
  const { data, error, isLoading, isFetching, refetch } = useGetAttendanceSummaryQuery(CHART_DAYS, { skip });
  const days = useMemo(
    () => (data && date ? withLiveToday(data, date, todayPresence(date, todayRecords, data)) : data),
    [data, date, todayRecords],
  );
  const facts = days ? summaryFacts(days) : null;
  // Nobody present anywhere in the window: a new company, or one that has not started punching.
  const empty = !!days && days.every((day) => day.present === 0);

  // A dashboard left open past midnight: the summary ends on a day that is no longer today.
  const lastDay = data?.at(-1)?.date;
  useEffect(() => {
    if (!skip && date && lastDay && lastDay < date && !isFetching) refetch();
    // isFetching is left out on purpose: its return to false must not start another round.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [skip, date, lastDay, refetch]);

  return (
    <figure className="chart" aria-labelledby="attendance-chart-title">
      <figcaption>
        <h3 id="attendance-chart-title">{ATTENDANCE_UI.chartTitle}</h3>
        {facts && !empty && <p className="muted">{ATTENDANCE_UI.chartSummary(facts.days, facts.present, facts.absent, facts.averagePresent)}</p>}
      </figcaption>
      {error && !data && <Banner tone="error">{PREFIX.fetchAttendance + errorMessage(error, FALLBACK.fetchAttendance)}</Banner>}
      {isLoading && (
        <LoadingLine>{ATTENDANCE_UI.chartLoading}</LoadingLine>
      )}
      {days && empty && <p className="empty chart__empty">{ATTENDANCE_EXTRA_UI.chartEmpty}</p>}
      {days && !empty && (
        <>
          <Bars days={days} />
          <ul className="chart__legend">
            <li>
              <span className="chart__swatch chart__swatch--present" aria-hidden="true" />
              {ATTENDANCE_UI.chartLegendPresent}
            </li>
            <li>
              <span className="chart__swatch chart__swatch--absent" aria-hidden="true" />
              {ATTENDANCE_UI.chartLegendAbsent}
            </li>
          </ul>
          {/* Hidden on a wrapper: a <table> treats its height as a minimum, so the hiding box would not
              collapse it and its rows would stretch the page below the content. */}
          <div className="visually-hidden">
            <table>
              <caption>{ATTENDANCE_UI.chartTableCaption}</caption>
              <thead>
                <tr>
                  <th scope="col">{ATTENDANCE_UI.date}</th>
                  <th scope="col">{ATTENDANCE_UI.present}</th>
                  <th scope="col">{ATTENDANCE_UI.absent}</th>
                </tr>
              </thead>
              <tbody>
                {days.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{day.date}</th>
                    <td>{day.present}</td>
                    <td>{day.dayOff ? `${day.absent} (${day.dayOff === 'holiday' ? ATTENDANCE_EXTRA_UI.holiday : ATTENDANCE_EXTRA_UI.weeklyOff})` : day.absent}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </figure>
  );
}
