/**
 * PF of an approved month under a back-dated version (pf-corrections.ts): the difference from the
 * slip's frozen facts, members on full wages or part of the month in EPS, and the employee's share
 * recovered only with the Inspector's consent and within the 50% limit (EPF Scheme 1952 para 32(1)).
 */
import { frozenPfFacts, pfDifference, recoverableEmployeeShare, settleCorrections, type ApprovedPfSlip, type PfCorrection } from './pf-corrections';
import { SHIPPED_VERSIONS } from './rule-catalogue';
import { makeRuleBook } from './rule-versions';
import { DEFAULT_STATUTORY_SETTINGS } from './statutory-settings';

// The book without the ₹25,000 version, and with it back-dated to 1 September 2026.
const OLD = makeRuleBook(SHIPPED_VERSIONS.filter((v) => !(v.key === 'pf.wageCeiling' && v.effectiveFrom === '2026-09-17')));
const NEW = makeRuleBook([...OLD.values()].flat().concat({ key: 'pf.wageCeiling', effectiveFrom: '2026-09-01', value: 25_000_00, source: 'test', note: '' }));

const slip = (pfWages: number, epf: number, eps: number, edli: number, extra: Partial<ApprovedPfSlip['statutory']> = {}): ApprovedPfSlip => ({
  month: '2026-10',
  statutory: { pfWagesPaise: pfWages * 100, epfWagesPaise: epf * 100, epsWagesPaise: eps * 100, edliWagesPaise: edli * 100, pfCeilingPaise: 15_000_00, ...extra },
});
const rupees = (p: Record<string, number>) => Object.fromEntries(Object.entries(p).map(([k, v]) => [k, v / 100]));

describe('PF differences of an approved month', () => {
  it('PF wages of ₹30,000 approved on ₹15,000: 1,200 employee, 367 EPF, 833 EPS, 50 EDLI, 50 admin more on ₹25,000', () => {
    expect(rupees({ ...pfDifference(slip(30_000, 15_000, 15_000, 15_000), NEW, DEFAULT_STATUTORY_SETTINGS).difference })).toEqual({
      epfWagesPaise: 10_000, epsWagesPaise: 10_000, edliWagesPaise: 10_000, employeePaise: 1_200, employerEpfPaise: 367, employerEpsPaise: 833, edliPaise: 50, adminPaise: 50,
    });
  });

  it('PF wages of ₹18,000 (another salary): 360 employee, 111 EPF, 249 EPS, 15 EDLI, 15 admin', () => {
    // 12% × 18,000 = 2,160; EPS 8.33% × 18,000 = 1,499.40 → 1,499; EPF 2,160 − 1,499 = 661; before: 1,800 / 1,250 / 550 / 75 / 75.
    expect(rupees({ ...pfDifference(slip(18_000, 15_000, 15_000, 15_000), NEW, DEFAULT_STATUTORY_SETTINGS).difference })).toMatchObject({ employeePaise: 360, employerEpfPaise: 111, employerEpsPaise: 249, edliPaise: 15, adminPaise: 15 });
  });

  it('nothing moves under the book the month was approved with, or for wages under both ceilings', () => {
    expect(rupees({ ...pfDifference(slip(30_000, 15_000, 15_000, 15_000), OLD, DEFAULT_STATUTORY_SETTINGS).difference })).toEqual(expect.objectContaining({ employeePaise: 0, employerEpsPaise: 0 }));
    expect(Object.values(pfDifference(slip(12_000, 12_000, 12_000, 12_000), NEW, DEFAULT_STATUTORY_SETTINGS).difference).every((v) => v === 0)).toBe(true);
  });

  it('reads the frozen facts: on full wages, no EPS (58 or more), part of the month in EPS', () => {
    expect(frozenPfFacts(slip(30_000, 30_000, 15_000, 15_000)).onFullWages).toBe(true);
    // On full wages only EPS, EDLI move: the shares on 30,000 stay.
    expect(rupees({ ...pfDifference(slip(30_000, 30_000, 15_000, 15_000), NEW, DEFAULT_STATUTORY_SETTINGS).difference })).toMatchObject({ employeePaise: 0, employerEpsPaise: 833, employerEpfPaise: -833, edliPaise: 50, adminPaise: 0 });
    expect(frozenPfFacts(slip(30_000, 15_000, 0, 15_000)).eps).toEqual({ days: 0, of: 1 });
    expect(rupees({ ...pfDifference(slip(30_000, 15_000, 0, 15_000), NEW, DEFAULT_STATUTORY_SETTINGS).difference })).toMatchObject({ employerEpsPaise: 0, employerEpfPaise: 1_200 });
    expect(frozenPfFacts(slip(30_000, 15_000, 7_500, 15_000)).eps).toEqual({ days: 7_500_00, of: 15_000_00 });
  });
});

describe("the employee's share (EPF Scheme 1952 para 32(1))", () => {
  const correction = (forMonth: string, employee: number): PfCorrection => ({
    forMonth, reason: 'test', epfWagesPaise: 0, epsWagesPaise: 0, edliWagesPaise: 0, employeePaise: employee * 100, employerEpfPaise: 0, employerEpsPaise: 0, edliPaise: 0, adminPaise: 0,
    recoverablePaise: employee * 100,
  });

  it('is not recoverable from later wages without the Inspector\u2019s written consent', () => {
    expect(recoverableEmployeeShare(1_200_00, { kind: 'employer' })).toBe(0);
    expect(recoverableEmployeeShare(1_200_00, { kind: 'inspector-consent', reference: 'EO/1', consentedOn: '2027-01-05' })).toBe(1_200_00);
    expect(recoverableEmployeeShare(-300_00, { kind: 'inspector-consent', reference: 'EO/1', consentedOn: '2027-01-05' })).toBe(0);
  });

  it('is recovered within what the 50% limit leaves, in order; the rest is the employer\u2019s', () => {
    const settled = settleCorrections([correction('2026-09', 1_200), correction('2026-10', 1_200)], 1_500_00);
    expect(settled.map((c) => [c.recoveredPaise / 100, c.employerBornePaise / 100])).toEqual([[1_200, 0], [300, 900]]);
  });
});
