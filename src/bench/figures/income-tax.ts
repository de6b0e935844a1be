/**
 * Figure 17, income tax at 10,000 employees. Everyone is put on the old regime for the year of the
 * month measured and given one declaration waiting for a decision (two in three rent for a house in
 * Bengaluru or elsewhere, one in three 80C), straight into the store, as an admin would find them
 * after the declaration window. Then:
 * - the admin's verification list, `GET /api/tax/declarations`: the first page of those waiting
 *   (50 rows, as the screen asks, with the counts and rupees of the whole year) and a searched page,
 *   each the median of a few reads after a warm-up. Floor: the same 50 rows read straight from the
 *   database in this process (one query, no counts, no HTTP).
 * - the month's TDS for everyone, `GET /api/salary/register/:month` for the last complete month:
 *   every slip computed with its regime, declarations, HRA exemption and year-to-date projection.
 *   Floor: the slip computation alone (the same people, salaries, regime and declarations, a full
 *   month present) in this process, one after another, with no database and no HTTP.
 */
import { lastCompleteMonth, datesOfMonth, weekdayOf } from '../../shared/payroll/pay-month';
import { computeSalarySlip } from '../../shared/payroll/salary-slip';
import { financialYearOf } from '../../shared/payroll/statutory/financial-year';
import type { OldRegimeDeclarations } from '../../shared/payroll/statutory/tax-declarations';
import { dateInZone } from '../../shared/format';
import { int, ms, ratio, sec, type EngineSetting, type FigureResult, type FigureRow, type Raw } from '../bench-types';
import { withBenchDatabase } from '../bench-database';

/** Days of history for the figure's own database: enough for a whole last complete month. */
export const TAX_DAYS = 62;
const READS = 5;
const PAGE = 50;
const LIST_TARGET_MS = 300;
const REGISTER_TARGET_MS = 60_000;
const BATCH = 500;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(url: string, token: string): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { 'x-auth-token': token } });
  const body = await res.text();
  return { ms: performance.now() - started, status: res.status, body };
}

/** Person i's declaration: rent (two in three, every fifth of those in Bengaluru) or 80C. */
function declarationOf(i: number, fy: string): { section: string; amountPaise: number; details: Record<string, unknown>; counted: OldRegimeDeclarations } {
  const start = Number(fy.slice(0, 4));
  if (i % 3 === 0) return { section: '80C', amountPaise: 1_00_000_00, details: { description: 'PPF and ELSS' }, counted: { section80CPaise: 1_00_000_00 } };
  const city = i % 5 === 0 ? 'bengaluru' : 'other';
  const monthlyRentPaise = 12_000_00 + (i % 100) * 100_00;
  const rent = { monthlyRentPaise, fromMonth: `${start}-04`, toMonth: `${start + 1}-03`, city } as const;
  return {
    section: 'rent',
    amountPaise: monthlyRentPaise,
    details: { fromMonth: rent.fromMonth, toMonth: rent.toMonth, city, cityName: city === 'other' ? 'Mysuru' : undefined, landlordName: `Landlord ${i}`, landlordAddress: 'Vijayanagar, Mysuru 570017', landlordPan: 'AAAPL1234C' },
    counted: { rent },
  };
}

/** Old regime and one waiting declaration for every seeded employee, for `fy`; returns the people, in seed order. */
async function fillTaxYear(s: EngineSetting, fy: string) {
  return withBenchDatabase(s, async ({ db }) => {
    const people = await db
      .selectFrom('employees')
      .innerJoin('users', 'users.id', 'employees.user_id')
      .select(['users.id as userId', 'users.name', 'employees.salary_paise as salaryPaise', 'employees.joined_on as joinedOn'])
      .orderBy('users.id')
      .execute();
    const at = `${s.seed.until}T10:00:00.000Z`;
    await db.deleteFrom('tax_declarations').where('financial_year', '=', fy).execute();
    await db.deleteFrom('tax_regime_choices').where('financial_year', '=', fy).execute();
    for (let from = 0; from < people.length; from += BATCH) {
      const batch = people.slice(from, from + BATCH);
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('tax_regime_choices').values(batch.map((p) => ({ user_id: p.userId, financial_year: fy, regime: 'old', chosen_by: p.userId, chosen_at: at }))).execute();
        await trx
          .insertInto('tax_declarations')
          .values(
            batch.map((p, k) => {
              const d = declarationOf(from + k, fy);
              return { user_id: p.userId, financial_year: fy, section: d.section, amount_paise: d.amountPaise, details_json: JSON.stringify(d.details), status: 'declared', updated_at: at };
            }),
          )
          .execute();
      });
    }
    return people.map((p) => ({ userId: Number(p.userId), name: p.name, salaryPaise: Number(p.salaryPaise), joinedOn: p.joinedOn }));
  });
}

/** The list's floor: the same first page of waiting declarations, one query straight from the database. */
async function listFloorMs(s: EngineSetting, fy: string): Promise<number> {
  return withBenchDatabase(s, async ({ db }) => {
    const read = () =>
      db
        .selectFrom('tax_declarations')
        .innerJoin('users', 'users.id', 'tax_declarations.user_id')
        .innerJoin('employees', 'employees.user_id', 'users.id')
        .select(['tax_declarations.id', 'tax_declarations.section', 'tax_declarations.amount_paise', 'tax_declarations.details_json', 'tax_declarations.updated_at', 'users.name', 'employees.employee_id'])
        .where('tax_declarations.financial_year', '=', fy)
        .where('tax_declarations.status', '=', 'declared')
        .orderBy('tax_declarations.updated_at')
        .orderBy('tax_declarations.id')
        .limit(PAGE)
        .execute();
    await read();
    const runs: number[] = [];
    for (let i = 0; i < READS; i++) {
      const started = performance.now();
      await read();
      runs.push(performance.now() - started);
    }
    return median(runs);
  });
}

export async function measureIncomeTax(s: EngineSetting): Promise<FigureResult> {
  const today = dateInZone(new Date(), s.timeZone);
  const month = lastCompleteMonth(today);
  const fy = financialYearOf(month);
  const people = await fillTaxYear(s, fy);
  const rows: FigureRow[] = [];
  const raw: Raw = { month, financialYear: fy, employees: people.length };

  // The verification list: the first page and a searched one.
  const floorMs = await listFloorMs(s, fy);
  const base = `${s.server.url}/api/tax/declarations?financialYear=${fy}&status=declared&limit=${PAGE}`;
  for (const [id, label, url] of [
    ['tax.declarations.first-page', `first page (${PAGE} of ${int(people.length)} waiting, with the year's counts and rupees)`, base],
    ['tax.declarations.search', 'a page searched by name (part of a name)', `${base}&q=${encodeURIComponent(people[7]!.name.slice(0, 8))}`],
  ] as const) {
    await timed(url, s.adminToken);
    const runs = [];
    for (let i = 0; i < READS; i++) runs.push(await timed(url, s.adminToken));
    const value = median(runs.map((r) => r.ms));
    const ok = runs.every((r) => r.status === 200);
    const answer = ok ? (JSON.parse(runs[0]!.body) as { rows: unknown[]; total: number }) : { rows: [], total: 0 };
    raw[id] = { ms: runs.map((r) => r.ms), rows: answer.rows.length, total: answer.total };
    rows.push({
      id,
      group: 17,
      label: `Tax declarations to verify at ${int(people.length)} employees, GET /api/tax/declarations: ${label}, median of ${READS}`,
      value: ms(value),
      floor: `${ms(floorMs)} (the same ${PAGE} rows, one query in-process)`,
      ratio: ratio(value, floorMs),
      target: `< ${LIST_TARGET_MS} ms`,
      pass: ok && answer.rows.length > 0 && value < LIST_TARGET_MS,
      note: ok ? `${answer.rows.length} rows of ${int(answer.total)}` : `status ${runs.find((r) => r.status !== 200)!.status}`,
    });
  }

  // The month's TDS for everyone: the register computes every slip.
  const present = new Set(datesOfMonth(month).filter((d) => weekdayOf(d) !== 0));
  const floorStarted = performance.now();
  let floorTdsPaise = 0;
  people.forEach((p, i) => {
    if (p.joinedOn > `${month}-28`) return;
    const slip = computeSalarySlip({
      month,
      monthlyGrossPaise: p.salaryPaise,
      joinedOn: p.joinedOn,
      presentDates: present,
      approvedLeaveDates: new Set(),
      today,
      statutory: { taxRegime: 'old', declarations: declarationOf(i, fy).counted },
    });
    floorTdsPaise += slip.deductions.tdsPaise;
  });
  const floorRegisterMs = performance.now() - floorStarted;
  const register = await timed(`${s.server.url}/api/salary/register/${month}`, s.adminToken);
  const answer = register.status === 200 ? (JSON.parse(register.body) as { rows?: unknown[]; totals?: { deductions?: { tds?: number } } }) : {};
  const slips = answer.rows?.length ?? 0;
  const tds = answer.totals?.deductions?.tds;
  raw.register = { ms: register.ms, status: register.status, slips, tds, bytes: register.body.length, floorMs: floorRegisterMs, floorTdsRupees: floorTdsPaise / 100 };
  rows.push({
    id: 'tax.month-tds',
    group: 17,
    label: `The month's TDS for ${int(people.length)} employees on the old regime with declarations, GET /api/salary/register/${month} (every slip computed)`,
    value: sec(register.ms / 1000),
    floor: `${sec(floorRegisterMs / 1000)} (slip computation alone in-process, serial, a full month present)`,
    ratio: ratio(register.ms, floorRegisterMs),
    target: `< ${REGISTER_TARGET_MS / 1000} s`,
    pass: register.status === 200 && slips > 0 && register.ms < REGISTER_TARGET_MS,
    note: register.status === 200 ? `${int(slips)} slips${tds !== undefined ? `, TDS ₹${int(tds)}` : ''}; ${(register.body.length / 1024 / 1024).toFixed(1)} MB answered` : `status ${register.status}`,
  });
  return { raw, rows };
}
