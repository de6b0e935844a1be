/** Server answers of /api/leave; the client shows them verbatim. */
export const LEAVE_MSG = {
  requested: 'Leave request submitted',
  endBeforeStart: 'End date cannot be before start date',
  beforeJoining: (joinedOn: string) => `You joined on ${joinedOn}; leave cannot start on an earlier day`,
  afterLeaving: (leftOn: string) => `Your leaving date is ${leftOn}; leave cannot end on a later day`,
  tooFarAhead: (lastYear: number) => `Leave can be requested up to the end of ${lastYear}`,
  overlaps: (startDate: string, endDate: string, status: string) =>
    `These dates overlap your ${status} leave from ${startDate} to ${endDate}`,
  notFound: 'Leave request not found',
  alreadyDecided: (status: string) => `This leave request has already been ${status}`,
  decided: (status: 'approved' | 'rejected') => `Leave request ${status}`,
  sentToHr: 'Leave request approved by the manager; it now waits for HR',
  notYours: 'You may decide only the requests of people you manage or stand in for',
  ownRequest: 'You cannot decide your own request; it goes to your manager or to HR',
  withdrawn: 'Leave request withdrawn',
  cancelAsked: 'Your request to cancel this leave was sent',
  cancelled: 'Leave cancelled and the days returned to the balance',
  cancelNeedsReason: 'reason is required to cancel approved leave',
  cannotCancel: (status: string) => `A ${status} leave request cannot be cancelled`,
  startedAlready: 'This leave has started; ask your manager or HR to cancel it',
  cancelNotAllowed: 'You may cancel only your own requests, or approved leave of people you manage',
} as const;
