/**
 * The add-version form's table fields as text, and back: a professional-tax table's slabs (one a
 * line: from, tax, February tax), month lists ("9 3") and an income-tax rate table (slabs and
 * surcharge "from percent" a line, the rest one figure each). Parsing never guesses: a line it cannot
 * read is an error naming the field and the line, and the server's own schema checks the rest.
 */
import type { TaxRatesWire } from '../../../shared/payroll/statutory/income-tax-rates';
import type { PtTableWire } from '../../../shared/payroll/statutory/professional-tax-tables';

export interface TableText {
  period: 'monthly' | 'half-yearly';
  slabs: string;
  womenSlabs: string;
  deductInMonths: string;
  exemptAgeFrom: string;
  exemptDisability: boolean;
  startMonths: string;
  /** An income-tax rate table: its slabs go in `slabs` ("from percent" a line), these are the rest. */
  standardDeduction: string;
  rebateUpTo: string;
  rebateMax: string;
  marginalRelief: boolean;
  surcharge: string;
  cessPercent: string;
}

export const EMPTY_TABLE_TEXT: TableText = {
  period: 'monthly',
  slabs: '',
  womenSlabs: '',
  deductInMonths: '',
  exemptAgeFrom: '',
  exemptDisability: false,
  startMonths: '',
  standardDeduction: '',
  rebateUpTo: '',
  rebateMax: '',
  marginalRelief: false,
  surcharge: '',
  cessPercent: '',
};

type Slab = PtTableWire['slabs'][number];

/** Numbers of a line: ₹ signs and thousands commas dropped; spaces, tabs, '|', ';', ':' or '=' between them. */
const numbersOf = (line: string) =>
  line
    .replace(/₹|,/g, '')
    .split(/[\s|;:=]+/)
    .filter(Boolean)
    .map(Number);

/** Slabs from text, or the numbers (1-based) of the lines that cannot be read. */
export function parseSlabs(text: string): { slabs: Slab[] } | { badLine: number } {
  const slabs: Slab[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    if (!lines[i]!.trim()) continue;
    const n = numbersOf(lines[i]!);
    if (n.length < 2 || n.length > 3 || n.some((x) => !Number.isFinite(x))) return { badLine: i + 1 };
    slabs.push({ fromRupees: n[0]!, taxRupees: n[1]!, ...(n.length === 3 ? { februaryTaxRupees: n[2]! } : {}) });
  }
  return { slabs };
}

/** Pairs of numbers from text, one a line ("400000 5"), or the number (1-based) of a line that cannot be read. */
function parsePairs(text: string): { pairs: [number, number][] } | { badLine: number } {
  const pairs: [number, number][] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    if (!lines[i]!.trim()) continue;
    const n = numbersOf(lines[i]!.replace(/%/g, ''));
    if (n.length !== 2 || n.some((x) => !Number.isFinite(x))) return { badLine: i + 1 };
    pairs.push([n[0]!, n[1]!]);
  }
  return { pairs };
}

/** Whole months from text ("9 3", "9, 3"), or null when something else is there. */
export function parseMonths(text: string): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const months = parts.map(Number);
  return months.every((m) => Number.isInteger(m)) ? months : null;
}

const slabText = (slabs: readonly Slab[]) => slabs.map((s) => [s.fromRupees, s.taxRupees, ...(s.februaryTaxRupees === undefined ? [] : [s.februaryTaxRupees])].join(' ')).join('\n');

/** A version's table as the form's text, to start a new version from the one in force. */
export function tableToText(table: unknown, kind?: 'pt-slabs' | 'months' | 'tax-rates'): TableText {
  if (kind === 'tax-rates') {
    const t = table as TaxRatesWire;
    return {
      ...EMPTY_TABLE_TEXT,
      slabs: t.slabs.map((s) => `${s.fromRupees} ${s.percent}`).join('\n'),
      standardDeduction: String(t.standardDeductionRupees),
      rebateUpTo: String(t.rebate.incomeUpToRupees),
      rebateMax: String(t.rebate.maxRupees),
      marginalRelief: t.rebate.marginalRelief,
      surcharge: t.surcharge.map((s) => `${s.aboveRupees} ${s.percent}`).join('\n'),
      cessPercent: String(t.cessPercent),
    };
  }
  const t = (table ?? {}) as Partial<PtTableWire> & { startMonths?: number[] };
  return {
    ...EMPTY_TABLE_TEXT,
    period: t.period ?? 'monthly',
    slabs: t.slabs ? slabText(t.slabs) : '',
    womenSlabs: t.womenSlabs ? slabText(t.womenSlabs) : '',
    deductInMonths: t.deductInMonths?.join(' ') ?? '',
    exemptAgeFrom: t.exemptAgeFrom === undefined ? '' : String(t.exemptAgeFrom),
    exemptDisability: t.exemptDisability ?? false,
    startMonths: t.startMonths?.join(' ') ?? '',
  };
}

export type TableField = 'period' | 'slabs' | 'womenSlabs' | 'deductInMonths' | 'exemptAgeFrom' | 'startMonths' | 'standardDeduction' | 'rebateUpTo' | 'rebateMax' | 'surcharge' | 'cessPercent';

const amount = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(/₹|,|%/g, '').trim()));

/** An income-tax rate table from the form's text. */
function textToTaxRates(t: TableText, messages: { rateLine: (field: string, n: number) => string; amountField: (field: string) => string }) {
  const errors: Partial<Record<TableField, string>> = {};
  const slabs = parsePairs(t.slabs);
  if ('badLine' in slabs) errors.slabs = messages.rateLine('slabs', slabs.badLine);
  const surcharge = parsePairs(t.surcharge);
  if ('badLine' in surcharge) errors.surcharge = messages.rateLine('surcharge', surcharge.badLine);
  const numbers = { standardDeduction: amount(t.standardDeduction), rebateUpTo: amount(t.rebateUpTo), rebateMax: amount(t.rebateMax), cessPercent: amount(t.cessPercent) };
  for (const [field, n] of Object.entries(numbers)) if (!Number.isFinite(n)) errors[field as TableField] = messages.amountField(field);
  const table = {
    slabs: 'pairs' in slabs ? slabs.pairs.map(([fromRupees, percent]) => ({ fromRupees, percent })) : [],
    standardDeductionRupees: numbers.standardDeduction,
    rebate: { incomeUpToRupees: numbers.rebateUpTo, maxRupees: numbers.rebateMax, marginalRelief: t.marginalRelief },
    surcharge: 'pairs' in surcharge ? surcharge.pairs.map(([aboveRupees, percent]) => ({ aboveRupees, percent })) : [],
    cessPercent: numbers.cessPercent,
  };
  return { table, errors };
}

/**
 * The wire value of the form's text for a table kind, with the errors of what could not be read
 * (by field; `messages` words them).
 */
export function textToTable(
  kind: 'pt-slabs' | 'months' | 'tax-rates',
  t: TableText,
  messages: { slabLine: (field: string, n: number) => string; monthList: (field: string) => string; rateLine: (field: string, n: number) => string; amountField: (field: string) => string },
): { table: unknown; errors: Partial<Record<TableField, string>> } {
  if (kind === 'tax-rates') return textToTaxRates(t, messages);
  const errors: Partial<Record<TableField, string>> = {};
  if (kind === 'months') {
    const startMonths = parseMonths(t.startMonths);
    if (!startMonths) errors.startMonths = messages.monthList('startMonths');
    return { table: { startMonths: startMonths ?? [] }, errors };
  }
  const slabs = parseSlabs(t.slabs);
  if ('badLine' in slabs) errors.slabs = messages.slabLine('slabs', slabs.badLine);
  const women = t.womenSlabs.trim() ? parseSlabs(t.womenSlabs) : null;
  if (women && 'badLine' in women) errors.womenSlabs = messages.slabLine('womenSlabs', women.badLine);
  const months = t.period === 'half-yearly' ? parseMonths(t.deductInMonths) : [];
  if (!months) errors.deductInMonths = messages.monthList('deductInMonths');
  const age = t.exemptAgeFrom.trim();
  const table = {
    period: t.period,
    slabs: 'slabs' in slabs ? slabs.slabs : [],
    ...(women && 'slabs' in women ? { womenSlabs: women.slabs } : {}),
    ...(t.period === 'half-yearly' && months?.length ? { deductInMonths: months } : {}),
    ...(age ? { exemptAgeFrom: Number(age) } : {}),
    ...(t.exemptDisability ? { exemptDisability: true } : {}),
  };
  return { table, errors };
}
