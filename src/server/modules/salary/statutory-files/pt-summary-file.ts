/**
 * The professional tax summary of a month, by state of work: for each state the employees and the
 * tax deducted, broken down by the slab of the state's table that applied (salary range and tax per
 * employee), a line for the state's total, and the grand total. It is what each state's monthly PT
 * return asks for (employees and tax per slab), for the admin to copy into that state's portal;
 * states have no common upload format, so this is a CSV for people, with the BOM Excel needs.
 *
 * Slabs are the ones the slips applied (the company's rule versions; statutory/professional-tax-tables.ts
 * has the shipped tables with their sources);
 * half-yearly states (Tamil Nadu) measure the half-year's salary and deduct in their two months only.
 */
import { csvText, type CsvValue } from '../../../../shared/csv-text';
import { formatRupees } from '../../../../shared/format';
import { ptTableInForce } from '../../../../shared/payroll/statutory/professional-tax';
import type { RuleBook } from '../../../../shared/payroll/statutory/rule-versions';
import type { FilingRow } from './filing-row';

export const PT_SUMMARY_COLUMNS = ['State Code', 'State', 'Salary Slab', 'PT per Employee', 'Employees', 'PT Deducted'] as const;

const cents = (n: number) => Math.round(n * 100) / 100;

/** The slab as a person reads it: "up to ₹7,500", "₹7,500.01 to ₹10,000", "₹10,000.01 and above". */
export function slabLabel(slab: { from: number; until: number | null }, halfYearly: boolean): string {
  const measure = halfYearly ? 'Half-year salary' : 'Monthly salary';
  if (slab.until === null) return `${measure} ${formatRupees(slab.from)} and above`;
  const to = formatRupees(cents(slab.until - 0.01));
  return slab.from === 0 ? `${measure} up to ${to}` : `${measure} ${formatRupees(slab.from)} to ${to}`;
}

function slabText(r: FilingRow, halfYearly: boolean): string {
  if (r.professionalTaxStatus === 'none') return 'No professional tax in this state';
  if (r.professionalTaxStatus === 'no-table') return 'No slab table here: nothing deducted';
  if (r.professionalTaxSlab) return slabLabel(r.professionalTaxSlab, halfYearly);
  return r.professionalTax === 0 ? 'Not deducted this month' : 'Slab not recorded';
}

interface Group {
  state: string;
  stateName: string;
  order: number;
  label: string;
  perEmployee: number;
  employees: number;
  total: number;
}

/** `book`: the company's rule versions, for whether a state's table in force is half-yearly (the shipped ones when missing). */
export function buildPtSummary(rows: readonly FilingRow[], month: string, book?: RuleBook): string {
  const groups = new Map<string, Group>();
  for (const r of rows) {
    const halfYearly = ptTableInForce(r.stateOfWork, month, book)?.period === 'half-yearly';
    const label = slabText(r, halfYearly);
    const key = `${r.stateOfWork}|${label}|${r.professionalTax}`;
    const g = groups.get(key) ?? {
      state: r.stateOfWork,
      stateName: r.stateName ?? r.stateOfWork,
      order: r.professionalTaxSlab?.from ?? -1,
      label,
      perEmployee: r.professionalTax,
      employees: 0,
      total: 0,
    };
    g.employees += 1;
    g.total = cents(g.total + r.professionalTax);
    groups.set(key, g);
  }
  const sorted = [...groups.values()].sort((a, b) => a.state.localeCompare(b.state) || a.order - b.order || a.perEmployee - b.perEmployee);
  const lines: CsvValue[][] = [];
  let employees = 0;
  let total = 0;
  for (let i = 0; i < sorted.length; i += 1) {
    const g = sorted[i]!;
    lines.push([g.state, g.stateName, g.label, g.perEmployee, g.employees, g.total]);
    employees += g.employees;
    total = cents(total + g.total);
    if (sorted[i + 1]?.state !== g.state) {
      const own = sorted.filter((s) => s.state === g.state);
      lines.push([g.state, g.stateName, 'All slabs', null, own.reduce((n, s) => n + s.employees, 0), cents(own.reduce((n, s) => n + s.total, 0))]);
    }
  }
  lines.push(['All', 'All states', null, null, employees, total]);
  return csvText(PT_SUMMARY_COLUMNS, lines);
}

export const ptSummaryFileName = (month: string) => `professional-tax_${month}.csv`;
