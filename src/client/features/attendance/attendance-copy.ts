/** Words of the attendance screens added by issue 11 (beyond the spec, so kept with the feature). */
export const ATTENDANCE_EXTRA_UI = {
  /** The attendance screens' extra column: time between the punches. */
  hoursColumn: 'Hours Worked',
  /** The 30-day chart when nobody has been present in its window (a new company). */
  chartEmpty: 'No attendance recorded yet',
  /** Above the punch buttons: where today stands. */
  punchedInAt: (time: string) => `Punched in at ${time}`,
  punchedOutAt: (time: string) => `Punched out at ${time}`,
  notPunchedIn: 'Not punched in yet',
  /** Today has a record without a punch-in (a holiday or an absence filed by HR). */
  recordedToday: (status: string) => `Today is recorded as ${status}`,
  /** Names the punch row for assistive tech. */
  todayLabel: "Today's attendance",
} as const;
