/**
 * The dashboard's present-vs-absent chart for the last 30 days (issue 4): inline SVG, no chart
 * library. The picture is decorative to assistive tech; the figure's caption sums it up in words
 * and a visually hidden table carries every day's numbers. Absent bars are hatched as well as
 * coloured, and always sit on top, so colour is never the only way to tell them apart.
 */
import { FALLBACK, ATTENDANCE_UI, PREFIX } from '../../../shared/messages';
import type { AttendanceSummaryDay } from '../../../shared/schemas/attendance';
import { errorMessage } from '../../api/base-api';
import { Banner } from '../../components/banner';
import { Spinner } from '../../components/spinner';
import { useGetAttendanceSummaryQuery } from './attendance-api';
import { summaryFacts } from './attendance-view';

/** The chart's window, in days (today included). */
export const CHART_DAYS = 30;

const WIDTH = 600;
const HEIGHT = 160;
const AXIS = 24;
const TOP = 16;

function Bars({ days }: { days: readonly AttendanceSummaryDay[] }) {
  const max = Math.max(1, ...days.map((d) => d.present + d.absent));
  const plot = HEIGHT - AXIS - TOP;
  const slot = WIDTH / Math.max(days.length, 1);
  const bar = Math.max(2, slot * 0.7);
  const scale = (n: number) => (n / max) * plot;
  const first = days[0]?.date;
  const last = days.at(-1)?.date;

  return (
    <svg className="chart__svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
      <defs>
        <pattern id="chart-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="6" height="6" className="chart__absent" />
          <line x1="0" y1="0" x2="0" y2="6" className="chart__hatch" />
        </pattern>
      </defs>
      <line x1="0" x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} className="chart__axis" />
      <text x="0" y={TOP - 4} className="chart__label">
        {max}
      </text>
      {days.map((day, i) => {
        const x = i * slot + (slot - bar) / 2;
        const presentH = scale(day.present);
        const absentH = scale(day.absent);
        const base = HEIGHT - AXIS;
        return (
          <g key={day.date}>
            <rect x={x} width={bar} y={base - presentH} height={presentH} className="chart__present" />
            <rect x={x} width={bar} y={base - presentH - absentH} height={absentH} fill="url(#chart-hatch)" />
          </g>
        );
      })}
      {first && (
        <text x="0" y={HEIGHT - 6} className="chart__label">
          {first}
        </text>
      )}
      {last && last !== first && (
        <text x={WIDTH} y={HEIGHT - 6} textAnchor="end" className="chart__label">
          {last}
        </text>
      )}
    </svg>
  );
}

/** `skip` stops the query (no admin session); the dashboard mounts this under its overview. */
export function AttendanceChart({ skip = false }: { skip?: boolean }) {
  const { data, error, isLoading } = useGetAttendanceSummaryQuery(CHART_DAYS, { skip });
  const facts = data ? summaryFacts(data) : null;

  return (
    <figure className="chart" aria-labelledby="attendance-chart-title">
      <figcaption>
        <h3 id="attendance-chart-title">{ATTENDANCE_UI.chartTitle}</h3>
        {facts && <p className="muted">{ATTENDANCE_UI.chartSummary(facts.days, facts.present, facts.absent, facts.averagePresent)}</p>}
      </figcaption>
      {error && !data && <Banner tone="error">{PREFIX.fetchAttendance + errorMessage(error, FALLBACK.fetchAttendance)}</Banner>}
      {isLoading && (
        <p role="status" className="muted loading-line">
          <Spinner /> {ATTENDANCE_UI.chartLoading}
        </p>
      )}
      {data && (
        <>
          <Bars days={data} />
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
          <table className="visually-hidden">
            <caption>{ATTENDANCE_UI.chartTableCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{ATTENDANCE_UI.date}</th>
                <th scope="col">{ATTENDANCE_UI.present}</th>
                <th scope="col">{ATTENDANCE_UI.absent}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((day) => (
                <tr key={day.date}>
                  <th scope="row">{day.date}</th>
                  <td>{day.present}</td>
                  <td>{day.absent}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </figure>
  );
}
