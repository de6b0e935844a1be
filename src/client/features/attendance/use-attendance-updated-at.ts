/**
 * When today's attendance last arrived, for the admin header's 'Last updated'. Reads the overview
 * poll's cache entry without subscribing, so it adds no request of its own; kept apart from the
 * overview so the header does not wait for the overview's code.
 */
import { useMemo } from 'react';
import { useAppSelector } from '../../app/hooks';
import { attendanceApi } from './attendance-api';

/** The time of the latest successful fetch of `date`'s records, or null before the first one. */
export function useAttendanceUpdatedAt(date: string): Date | null {
  const select = useMemo(() => attendanceApi.endpoints.getAttendance.select({ date }), [date]);
  const at = useAppSelector((state) => select(state).fulfilledTimeStamp);
  return useMemo(() => (at ? new Date(at) : null), [at]);
}
