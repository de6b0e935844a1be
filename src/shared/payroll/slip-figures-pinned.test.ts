/**
 * Pins the slip figures of a deterministic spread of people and months to the values stored in
 * slip-figures-pinned.json, so that work on how a slip is computed (caches, fewer passes over the
 * year) cannot change a single paisa unnoticed. The spread crosses what the year to date and the
 * projection read: every month of two financial years (with the PF ceiling change of September 2026
 * and February's PT), states with monthly, February and half-yearly PT and one without, women's slabs
 * and age exemptions, both regimes with rent and other declarations, joiners within the year with an
 * earlier employer's figures, approved months with what they paid, leavers, a missing PAN, LOP, and
 * revisions from the 16th (with a structure).
 *
 * Each case keeps its main figures (readable when one moves) and a hash of the whole slip.
 * To refresh after a change that is meant to move figures: `PIN_SLIPS=write npx jest <this file>`,
 * and say in the commit which figures moved and why.
 */
import fs from 'node:fs';
import path from 'node:path';
import { datesOfMonth, weekdayOf } from './pay-month';
import { computeSalarySlip, SlipInputError, type PaidMonth, type SalarySlip, type SlipInput } from './salary-slip';
import type { SalaryRevisionFact } from './salary-history';
import { monthsAfter } from './statutory/financial-year';

const FIXTURE = path.join(__dirname, 'slip-figures-pinned.json');
const rupees = (r: number) => r * 100;

/** A small deterministic generator (LCG), so the spread is the same on every run. */
function generator(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0;
    return s / 2 ** 32;
  };
  return <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
}

/** FNV-1a over the slip's JSON: any changed field changes it. */
function hashOf(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, '0');
}

const MONTHS = [...['2025-04', ...monthsAfter('2025-04', '2026-03')], ...['2026-04', ...monthsAfter('2026-04', '2027-03')]];
const GROSS = [rupees(12_000), rupees(18_500), rupees(21_000), rupees(35_000), rupees(60_000), rupees(1_25_000), rupees(3_10_000)];
const STATES = ['KA', 'MH', 'TN', 'WB', 'DL', 'GJ', 'AP'];
const drivers = { name: 'Drivers', basicPercentOfGross: 0, basicMonthlyPaise: rupees(12_000), hraPercentOfBasic: 40, fixedAllowances: [] };

/** One case: its inputs from the generator, described by a label. */
function caseInput(i: number): { label: string; input: SlipInput } {
  const pick = generator(7919 * (i + 1));
  const month = MONTHS[i % MONTHS.length]!;
  const gross = pick(GROSS);
  const joinedOn = pick(['2019-06-03', '2024-01-01', `${month}-01`, `${month}-12`, `${MONTHS[Math.max(0, (i % MONTHS.length) - 3)]}-20`]);
  const regime = pick(['new', 'new', 'old'] as const);
  const dob = pick([null, '1990-05-10', '1960-03-01', '1944-11-30']);
  const present = new Set(datesOfMonth(month).filter((d) => weekdayOf(d) !== 0));
  const lop = pick([0, 0, 2, 5]);
  for (const d of [...present].slice(3, 3 + lop)) present.delete(d);
  const revisions: SalaryRevisionFact[] | undefined = pick([
    undefined,
    undefined,
    [
      { effectiveFrom: '2019-06-03', monthlyGrossPaise: Math.round(gross * 0.8) },
      { effectiveFrom: `${month}-16`, monthlyGrossPaise: gross },
    ],
    [
      { effectiveFrom: '2019-06-03', monthlyGrossPaise: gross },
      { effectiveFrom: `${month}-16`, monthlyGrossPaise: gross, structure: drivers },
    ],
  ]);
  // Some earlier months of the year approved, with what they paid.
  const fyStart = month >= `${month.slice(0, 4)}-04` ? `${month.slice(0, 4)}-04` : `${Number(month.slice(0, 4)) - 1}-04`;
  const earlier = month === fyStart ? [] : [fyStart, ...monthsAfter(fyStart, month)].filter((m) => m < month && m >= joinedOn.slice(0, 7));
  const approvedUpTo = pick([0, 0, 1, 3]);
  const paidMonths = new Map<string, PaidMonth>(
    earlier.slice(0, approvedUpTo).map((m, k) => [m, { salaryPaise: gross - 1_000_00 * k, taxPaise: gross > rupees(1_00_000) ? rupees(9_000 + k * 100) : 0, employeePfPaise: rupees(1_800), professionalTaxPaise: rupees(200), ...(k % 2 ? { basicPaise: gross / 2, hraPaise: gross / 5 } : {}) }]),
  );
  const input: SlipInput = {
    month,
    monthlyGrossPaise: gross,
    salaryRevisions: revisions,
    joinedOn,
    leftOn: pick([null, null, null, `${month}-20`]),
    presentDates: present,
    approvedLeaveDates: new Set(),
    today: '2030-01-01',
    statutory: {
      stateOfWork: pick(STATES),
      gender: pick(['male', 'female', null] as const),
      taxRegime: regime,
      panMissing: pick([false, false, false, true]),
      dateOfBirth: dob,
      disabled: pick([false, false, false, false, true]),
      pfOnFullWages: pick([false, false, true]),
      paidMonths,
      declarations:
        regime === 'old'
          ? pick([null, { section80CPaise: rupees(1_20_000), rent: { monthlyRentPaise: rupees(22_000), fromMonth: fyStart, toMonth: MONTHS[MONTHS.indexOf(fyStart) + 11]!, city: pick(['mumbai', 'pune', 'other'] as const) }, npsPaise: rupees(50_000), healthSelfPaise: rupees(25_000) }])
          : null,
      previousEmployment: joinedOn > `${fyStart}-01` ? pick([null, { salaryPaise: rupees(3_00_000), exemptionsPaise: rupees(40_000), employeePfPaise: rupees(10_800), professionalTaxPaise: rupees(1_000), taxPaise: rupees(6_000) }]) : null,
      esiWages: pick(['gross', 'code'] as const),
    },
  };
  const label = `${month} ₹${gross / 100} joined ${joinedOn} ${input.statutory!.stateOfWork} ${regime}${revisions ? ' revised' : ''}${paidMonths.size ? ` ${paidMonths.size} approved` : ''}${input.leftOn ? ' leaver' : ''}`;
  return { label, input };
}

interface Pinned {
  label: string;
  figures: number[] | string;
  hash: string;
}

/** The figures that matter most to the year to date, then the hash of everything. */
function pinned(label: string, slip: SalarySlip): Pinned {
  const d = slip.deductions;
  const st = slip.statutory;
  return {
    label,
    figures: [slip.earnings.totalPaise, d.providentFundPaise, d.esiPaise, d.professionalTaxPaise, d.tdsPaise, slip.netPaise, st.projectedAnnualTaxPaise, st.incomeTax?.hraExemptYearPaise ?? 0, st.professionalTaxBasis?.halfYearGrossPaise ?? 0, st.incomeTax?.projectedSalaryPaise ?? 0],
    hash: hashOf(JSON.stringify(slip)),
  };
}

const CASES = 480;

let computed: Pinned[] | undefined;
function computeAll(): Pinned[] {
  return (computed ??= Array.from({ length: CASES }, (_, i) => {
    const { label, input } = caseInput(i);
    try {
      return pinned(label, computeSalarySlip(input));
    } catch (err) {
      if (err instanceof SlipInputError) return { label, figures: err.message, hash: '' };
      throw err;
    }
  }));
}

describe('slip figures pinned', () => {
  it(`${CASES} slips across two financial years come out exactly as stored`, () => {
    const now = computeAll();
    if (process.env.PIN_SLIPS === 'write') fs.writeFileSync(FIXTURE, `[\n${now.map((p) => JSON.stringify(p)).join(',\n')}\n]\n`);
    const stored = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as Pinned[];
    expect(now).toHaveLength(stored.length);
    // Case by case, so a failure names the case and its figures.
    for (let i = 0; i < now.length; i++) expect({ i, ...now[i] }).toEqual({ i, ...stored[i] });
  });

  it('the same slips again, with whatever the first pass kept, come out the same', () => {
    const first = computeAll();
    computed = undefined;
    expect(computeAll()).toEqual(first);
  });

  it('the spread reaches what the year to date depends on', () => {
    const slips = computeAll().filter((p) => typeof p.figures !== 'string');
    const figures = slips.map((p) => p.figures as number[]);
    expect(slips.length).toBeGreaterThan(CASES * 0.8);
    expect(figures.filter((f) => f[4]! > 0).length).toBeGreaterThan(40); // TDS deducted
    expect(figures.filter((f) => f[2]! > 0).length).toBeGreaterThan(20); // ESI
    expect(figures.filter((f) => f[7]! > 0).length).toBeGreaterThan(10); // HRA exemption (old regime, rent)
    expect(figures.filter((f) => f[8]! > 0).length).toBeGreaterThan(10); // half-yearly PT
  });
});
