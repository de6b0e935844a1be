/** Answers of /api/attendance/corrections; the client shows them verbatim. */
export const CORRECTION_MSG = {
  requested: 'Attendance correction requested',
  futureDay: 'A correction cannot be for a future day',
  outInFuture: "Today's out time cannot be later than now; ask once you have left",
  outNotAfterIn: 'Out time must be after in time',
  beforeJoining: (joinedOn: string) => `You joined on ${joinedOn}; a correction cannot be for an earlier day`,
  onLeave: (date: string, startDate: string, endDate: string) =>
    `${date} is approved leave (${startDate} to ${endDate}); a leave day cannot be corrected`,
  duplicate: (date: string, status: string) => `You already have a ${status} attendance correction for ${date}`,
  notFound: 'Attendance correction not found',
  notYours: 'You may decide only the corrections of people you manage or stand in for',
  ownRequest: 'You cannot decide your own correction; it goes to your manager or to HR',
  dayChanged: "The day's attendance changed while this was being approved; look at it again and retry",
  alreadyDecided: (status: string) => `This attendance correction has already been ${status}`,
  decided: (status: 'approved' | 'rejected') => `Attendance correction ${status}`,
} as const;
