/**
 * How a person leaves, and the codes the monthly returns report it with.
 *
 * ESI (the monthly contribution sheet's "Reason Code for Zero workings/less working days"), from
 * ESIC's reason-code table as reproduced in its monthly-contribution manual and at
 * officeanywhere.io/payroll/esi-electronic-return-format (read 2026): 2 left service, 3 retired,
 * 5 expired (death), 10 retrenchment; the sheet gives the last working day with each of them.
 *
 * EPFO (the exit reason marked for a member on the employer's Unified Portal, Member → Mark Exit,
 * as listed there in 2025-26): C cessation (short service), S superannuation, R retirement,
 * D death in service, P permanent disablement. Superannuation is retirement at 58 (EPS para 15);
 * retirement before it is R.
 */
export const EXIT_KINDS = ['resignation', 'termination', 'retrenchment', 'retirement', 'death', 'disablement', 'end-of-contract', 'other'] as const;
export type ExitKind = (typeof EXIT_KINDS)[number];

export const EXIT_KIND_LABELS: Record<ExitKind, string> = {
  resignation: 'Resignation',
  termination: 'Termination',
  retrenchment: 'Retrenchment',
  retirement: 'Retirement',
  death: 'Death',
  disablement: 'Permanent disablement',
  'end-of-contract': 'End of contract',
  other: 'Other',
};

export interface ExitCodes {
  /** The ESI sheet's reason code. */
  esi: number;
  esiLabel: string;
  /** The EPFO exit reason's letter and words. */
  epfo: 'C' | 'S' | 'R' | 'D' | 'P';
  epfoLabel: string;
}

const LEFT = { esi: 2, esiLabel: 'Left service' } as const;
const CESSATION = { epfo: 'C', epfoLabel: 'Cessation (short service)' } as const;

/** The codes of a kind of exit; a retirement at 58 or later is superannuation for EPFO. */
export function exitCodes(kind: ExitKind, ageAtExit: number | null = null): ExitCodes {
  switch (kind) {
    case 'retirement':
      return ageAtExit !== null && ageAtExit >= 58 ? { esi: 3, esiLabel: 'Retired', epfo: 'S', epfoLabel: 'Superannuation' } : { esi: 3, esiLabel: 'Retired', epfo: 'R', epfoLabel: 'Retirement' };
    case 'death':
      return { esi: 5, esiLabel: 'Expired', epfo: 'D', epfoLabel: 'Death in service' };
    case 'disablement':
      return { ...LEFT, epfo: 'P', epfoLabel: 'Permanent disablement' };
    case 'retrenchment':
      return { esi: 10, esiLabel: 'Retrenchment', ...CESSATION };
    default:
      return { ...LEFT, ...CESSATION };
  }
}
