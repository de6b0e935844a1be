/** Server answers of /api/leave; the client shows them verbatim. */
export const LEAVE_MSG = {
  requested: 'Leave request submitted',
  endBeforeStart: 'End date cannot be before start date',
  beforeJoining: (joinedOn: string) => `You joined on ${joinedOn}; leave cannot start on an earlier day`,
  tooFarAhead: (lastYear: number) => `Leave can be requested up to the end of ${lastYear}`,
  overlaps: (startDate: string, endDate: string, status: string) =>
    `These dates overlap your ${status} leave from ${startDate} to ${endDate}`,
  notFound: 'Leave request not found',
  alreadyDecided: (status: string) => `This leave request has already been ${status}`,
  decided: (status: 'approved' | 'rejected') => `Leave request ${status}`,
} as const;
