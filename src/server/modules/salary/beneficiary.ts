/**
 * An approved slip's beneficiary: who the money and the filings go to, as they were when the month
 * was approved (or last re-run). The month's files are written from these, never from today's
 * details, so a change after approval (a new bank account, a name) reaches a file only through a
 * re-run; the register says "changed since approval" meanwhile.
 */
import { NO_STATUTORY, type StatutoryValues } from '../employee-records';

export interface Beneficiary {
  name: string;
  bankAccount: string | null;
  ifsc: string | null;
  uan: string | null;
  pan: string | null;
  esiNumber: string | null;
}

export const BENEFICIARY_LABELS: Record<keyof Beneficiary, string> = {
  name: 'name',
  bankAccount: 'bank account',
  ifsc: 'IFSC',
  uan: 'UAN',
  pan: 'PAN',
  esiNumber: 'ESI number',
};

export function beneficiaryOf(name: string, st: StatutoryValues | undefined): Beneficiary {
  return { name, bankAccount: st?.bankAccount ?? null, ifsc: st?.ifsc ?? null, uan: st?.uan ?? null, pan: st?.pan ?? null, esiNumber: st?.esiNumber ?? null };
}

/** The stored JSON; null for a slip approved before beneficiaries were kept. */
export function parseBeneficiary(json: string | null): Beneficiary | null {
  return json ? (JSON.parse(json) as Beneficiary) : null;
}

/** What differs between the frozen details and today's, by label ('bank account', 'UAN'). */
export function beneficiaryChanges(frozen: Beneficiary, now: Beneficiary): string[] {
  return (Object.keys(BENEFICIARY_LABELS) as (keyof Beneficiary)[]).filter((k) => (frozen[k] ?? null) !== (now[k] ?? null)).map((k) => BENEFICIARY_LABELS[k]);
}

/** The details as the filing files read them: the frozen ones, with today's leaving date (not frozen). */
export const frozenStatutory = (b: Beneficiary, now: StatutoryValues | undefined): StatutoryValues => ({
  ...(now ?? NO_STATUTORY),
  uan: b.uan,
  pan: b.pan,
  esiNumber: b.esiNumber,
  bankAccount: b.bankAccount,
  ifsc: b.ifsc,
});
