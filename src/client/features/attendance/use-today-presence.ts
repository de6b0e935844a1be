/**
 * Today's present and absent, live: the same 10-second poll of today's records as the overview
 * (one cache entry, one request) and the chart's summary for today's workforce, through the one
 * rule (todayPresence) the chart's today bar uses too. For the dashboard's figure cards.
 */
import { useDeferredValue, useMemo } from 'react';
import { ATTENDANCE_POLL_MS } from '../../../shared/constants';
import { useGetAttendanceQuery, useGetAttendanceSummaryQuery } from './attendance-api';
import { CHART_DAYS } from './attendance-chart';
import { todayPresence, type TodayPresence } from './attendance-view';

export interface LiveTodayPresence extends TodayPresence {
  /** Set when a figure could not be had (its query failed before any answer). */
  error: unknown;
}

export function useTodayPresence(date: string, { skip = false }: { skip?: boolean } = {}): LiveTodayPresence {
  const records = useGetAttendanceQuery({ date }, { pollingInterval: ATTENDANCE_POLL_MS, skip });
  const summary = useGetAttendanceSummaryQuery(CHART_DAYS, { skip });
  // Deferred like the overview's rows, so the cards change in the same background render as the
  // table and the chart's today bar, and a 10,000-row poll never blocks input.
  const today = useDeferredValue(records.data);
  const presence = useMemo(() => todayPresence(date, today, summary.data), [date, today, summary.data]);
  const error = (!records.data && records.error) || (!summary.data && summary.error) || null;
  return { ...presence, error };
}
