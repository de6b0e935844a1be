/** The attendance register's answers (server side). */
export const REGISTER_MSG = {
  futureMonth: (label: string) => `${label} has not started yet; the register covers months up to the current one`,
  exportsBusy: 'Too many register downloads are running; try again in a minute',
  exportFailed: 'attendance register export failed',
} as const;
