/** A one-line, bounded reason from a mail error, for a msg or a run's error column. */
export const mailErrorReason = (err: unknown) => String((err as Error)?.message ?? err).split('\n')[0]!.slice(0, 300);
