/** Answers of the comp-off routes; the client shows them verbatim. */
export const COMP_OFF_MSG = {
  requested: 'Comp-off requested',
  decided: (status: 'approved' | 'rejected') => `Comp-off ${status}`,
  off: 'Comp-off is not in use: ask HR.',
  future: 'workDate must not be in the future',
  tooOld: (days: number) => `workDate is more than ${days} days ago: a comp-off for it would already have expired`,
  workingDay: (date: string) => `${date} was a working day: comp-off is earned on a holiday or weekly off`,
  notWorked: (date: string) => `You have no attendance on ${date} that earns a comp-off`,
  duplicate: (date: string, status: string) => `A comp-off for ${date} is already ${status}`,
  notFound: 'Comp-off request not found',
  notYours: 'You may not decide this comp-off request',
  ownRequest: 'You may not decide your own comp-off request',
  alreadyDecided: (status: string) => `This comp-off request is already ${status}`,
  withdrawn: 'Comp-off request withdrawn',
  notYourRequest: 'You may withdraw only your own comp-off requests',
  cannotWithdraw: (status: string) => `This comp-off request is already ${status}: only a pending one can be withdrawn`,
  leaveTypeName: 'Compensatory Off',
} as const;
