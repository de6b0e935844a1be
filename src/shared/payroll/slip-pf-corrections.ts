/**
 * A month's slip with the PF differences of earlier approved months that it pays (a rule version
 * back-dated into them; statutory/pf-corrections.ts). They are not this month's wages: gross, ESI,
 * professional tax and TDS do not move, and neither do this month's own PF figures (its ECR line).
 * The employee's share is deducted only where the company recorded the Inspector's consent, within
 * what the 50% limit leaves; the employer pays the rest and its own shares. Each correction says on
 * the slip which month it is for and why.
 */
import { formatRupees } from '../format';
import { monthLabel } from './pay-month';
import { rupeesInWords } from './rupees-in-words';
import type { SalarySlip } from './salary-slip';
import { statutoryCorrectionCost, type StatutoryCorrection } from './statutory/esi-pt-corrections';
import { employerCostOf, settleCorrections, type PfCorrection } from './statutory/pf-corrections';

const rupees = (paise: number) => formatRupees(paise / 100);

/** One sentence per correction: the month, why, the shares, and who pays the employee's share. */
export function pfCorrectionNote(c: ReturnType<typeof settleCorrections>[number]): string {
  const employer = `employer EPF ${rupees(c.employerEpfPaise)}, EPS ${rupees(c.employerEpsPaise)}, EDLI ${rupees(c.edliPaise)}, admin ${rupees(c.adminPaise)}`;
  const who = c.employeePaise <= 0
    ? ''
    : c.recoveredPaise === c.employeePaise
      ? ` The employee's share of ${rupees(c.employeePaise)} is deducted from this month's wages with the Inspector's written consent (EPF Scheme 1952 para 32(1)).`
      : c.recoveredPaise > 0
        ? ` Of the employee's share of ${rupees(c.employeePaise)}, ${rupees(c.recoveredPaise)} is deducted with the Inspector's written consent and ${rupees(c.employerBornePaise)} is paid by the employer (50% limit on deductions).`
        : ` The employee's share of ${rupees(c.employeePaise)} is paid by the employer: a share not deducted from its own month's wages cannot be recovered from later ones (EPF Scheme 1952 para 32(1)).`;
  return `PF arrears for ${monthLabel(c.forMonth)} (${c.reason}): EPF wages ${rupees(c.epfWagesPaise)} more; ${employer}.${who}`;
}

/** The slip with `corrections` applied; the slip itself when there are none. */
export function withPfCorrections(slip: SalarySlip, corrections: readonly PfCorrection[] | undefined): SalarySlip {
  if (!corrections?.length) return slip;
  const limit = slip.statutory.deductionLimitPaise ?? Number.MAX_SAFE_INTEGER;
  const settled = settleCorrections(corrections, limit - slip.deductions.totalPaise);
  const recovered = settled.reduce((n, c) => n + c.recoveredPaise, 0);
  const net = slip.netPaise - recovered;
  return {
    ...slip,
    pfCorrections: settled,
    deductions: { ...slip.deductions, ...(recovered ? { pfArrearsPaise: recovered } : {}), totalPaise: slip.deductions.totalPaise + recovered },
    netPaise: net,
    netInWords: recovered ? rupeesInWords(net) : slip.netInWords,
    notes: [...(slip.notes ?? []), ...settled.map(pfCorrectionNote)],
  };
}

const SCHEME_NAMES = { esi: 'ESI', pt: 'Professional tax' } as const;

/** One sentence per ESI or PT correction: the month, why, the shares, and that the employer pays them. */
export function statutoryCorrectionNote(c: StatutoryCorrection): string {
  const shares = c.scheme === 'esi' ? `employee's share ${rupees(c.employeePaise)}, employer's share ${rupees(c.employerPaise)}` : `tax ${rupees(c.employeePaise)}`;
  const rule =
    c.scheme === 'esi'
      ? "an employee's ESI share can be deducted only from the wages of its own period (ESI Act 1948 s.40(4))"
      : 'the employer is liable for professional tax it did not deduct';
  return `${SCHEME_NAMES[c.scheme]} arrears for ${monthLabel(c.forMonth)} (${c.reason}): ${shares}, paid by the employer: ${rule}.`;
}

/**
 * The slip with the ESI and PT differences of earlier months it pays: the employer's cost only, so
 * the month's own figures, deductions and net do not move; the notes say which month and why.
 */
export function withStatutoryCorrections(slip: SalarySlip, corrections: readonly StatutoryCorrection[] | undefined): SalarySlip {
  if (!corrections?.length) return slip;
  return { ...slip, statutoryCorrections: [...corrections], notes: [...(slip.notes ?? []), ...corrections.map(statutoryCorrectionNote)] };
}

/** The employer's cost of a slip's corrections: PF (its shares and the employee's share it bears), ESI and PT. */
export const pfCorrectionsEmployerPaise = (slip: Pick<SalarySlip, 'pfCorrections' | 'statutoryCorrections'>) =>
  (slip.pfCorrections ?? []).reduce((n, c) => n + employerCostOf(c), 0) + (slip.statutoryCorrections ?? []).reduce((n, c) => n + statutoryCorrectionCost(c), 0);
