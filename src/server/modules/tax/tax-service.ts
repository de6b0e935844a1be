/**
 * The rules of the income-tax screens: who may choose a year's regime and until when, declaring
 * for the old regime (with the checks the declaration form asks for), proofs, an admin's decision,
 * an earlier employer's figures. Every change is audited; money is never shown to anyone but the
 * employee and admins.
 */
import { sql, type SqlBool } from 'kysely';
import type { Caller } from '../../auth/guard';
import type { AppContext } from '../../context';
import { loadRuleBook } from '../statutory-rules';
import { recordAudit } from '../../audit';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { SERVER_MSG } from '../../../shared/messages';
import { financialYearOf } from '../../../shared/payroll/statutory/financial-year';
import type { RuleBook } from '../../../shared/payroll/statutory/rule-versions';
import { deductionCaps } from '../../../shared/payroll/statutory/tax-declarations';
import { taxLawNames, withSection } from '../../../shared/payroll/statutory/tax-law-names';
import { monthsAfter } from '../../../shared/payroll/statutory/financial-year';
import type { TaxRegime } from '../../../shared/payroll/statutory/income-tax';
import {
  PROOF_MAX_PER_SECTION,
  type DecisionBody,
  type Declaration,
  type DeclarationBody,
  type DeclarationSection,
  type PreviousEmploymentBody,
  type DeclarationPage,
  type RegimePage,
  type TaxYear,
} from '../../../shared/schemas/tax';
import { findEmployeeByUserId, rupeesToPaise, paiseToRupees, type EmployeeRow } from '../employee-records';
import { loadStatutory } from '../employee-records';
import { companyToday } from '../../company-today';
import {
  countProofs,
  declarationsOf,
  decideDeclaration,
  deleteProof,
  findDeclaration,
  findPreviousEmployment,
  findProofMeta,
  findRegimeChoice,
  insertProof,
  declarationTotals,
  employeeMatches,
  listDeclarations,
  proofContent,
  proofsOf,
  savePreviousEmployment,
  saveRegimeChoice,
  upsertDeclaration,
  type DeclarationRow,
  type ListPage,
  type ProofMeta,
} from './tax-repository';
import { taxSettings, yearDates } from './tax-settings';

const FY_END = (fy: string) => `${Number(fy.slice(0, 4)) + 1}-03-31`;
const longDate = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** What each section is called in a year's Act. */
export function sectionNames(financialYear: string): Record<DeclarationSection, string> {
  const n = taxLawNames(financialYear);
  return {
    rent: withSection('House rent', n.hraExemption),
    '80C': withSection('Investments', n.section80C),
    '80CCD1B': withSection('NPS, own contribution', n.section80CCD1B),
    '80D-self': withSection('Health insurance, self and family', n.section80D),
    '80D-parents': withSection('Health insurance, parents', n.section80D),
    '24b': withSection('Home-loan interest', n.homeLoanInterest),
  };
}

/** Whole rupees as the declaration form writes them: ₹1,00,000. */
const rupeesText = (paise: number) => `₹${Math.round(paise / 100).toLocaleString('en-IN')}`;

/** Why a declaration is not complete enough to count as the declaration form asks; empty when it is. */
function declarationProblems(row: Pick<DeclarationRow, 'section' | 'amount_paise' | 'details_json' | 'financial_year'>, book: RuleBook): string[] {
  const d = JSON.parse(row.details_json) as Record<string, unknown>;
  const problems: string[] = [];
  if (row.section === 'rent') {
    const months = 1 + monthsAfter(String(d.fromMonth), String(d.toMonth)).length;
    const above = deductionCaps(row.financial_year, book).landlordPanAbovePaise;
    if (row.amount_paise * months > above && !d.landlordPan) problems.push(`The landlord's PAN is needed: the year's rent is above ${rupeesText(above)}`);
  }
  return problems;
}

export function createTaxService(ctx: AppContext) {
  const db = ctx.database.db;
  const today = () => companyToday(ctx);
  const at = () => ctx.now().toISOString();

  async function employeeOf(userId: number): Promise<EmployeeRow> {
    const row = await findEmployeeByUserId(db, userId);
    if (!row) throw notFound(`No employee with record id ${userId}`);
    return row;
  }

  /** An employee acts on the year in progress or the next one; earlier years are closed to them. */
  function openYearForEmployee(financialYear: string) {
    const current = financialYearOf(today().slice(0, 7));
    if (financialYear < current) throw conflict(`${financialYear} is over: ask an admin to change it`);
    const next = financialYearOf(`${Number(current.slice(0, 4)) + 1}-04`);
    if (financialYear > next) throw badRequest(`financialYear can be ${current} or ${next}`);
  }

  const toDeclaration = (row: DeclarationRow, employee: { employee_id: string; name: string }, proofs: readonly ProofMeta[], book: RuleBook): Declaration => ({
    _id: String(row.id),
    employeeId: employee.employee_id,
    name: employee.name,
    financialYear: row.financial_year,
    section: row.section as DeclarationSection,
    amount: paiseToRupees(row.amount_paise),
    details: JSON.parse(row.details_json) as Record<string, unknown>,
    status: row.status,
    verifiedAmount: row.verified_amount_paise === null ? null : paiseToRupees(row.verified_amount_paise),
    note: row.decision_note,
    decidedAt: row.decided_at,
    updatedAt: row.updated_at,
    proofs: proofs
      .filter((p) => p.userId === row.user_id && p.section === row.section)
      .map((p) => ({ _id: String(p.id), fileName: p.fileName, contentType: p.contentType, size: p.size, uploadedAt: p.uploadedAt })),
    problems: declarationProblems(row, book),
  });

  /** Everything the tax screens show of one employee's year. */
  async function yearView(userId: number, financialYear: string): Promise<TaxYear> {
    const employee = await employeeOf(userId);
    const [choice, statutory, rows, proofs, previous, settings, book] = await Promise.all([
      findRegimeChoice(db, userId, financialYear),
      loadStatutory(db, userId),
      declarationsOf(db, userId, financialYear),
      proofsOf(db, [userId], financialYear),
      findPreviousEmployment(db, userId, financialYear),
      taxSettings(ctx),
      loadRuleBook(db),
    ]);
    const dates = yearDates(settings, financialYear);
    const names = taxLawNames(financialYear);
    return {
      financialYear,
      employeeId: employee.employee_id,
      name: employee.name,
      regime: (choice?.regime ?? (statutory.taxRegime as TaxRegime | null) ?? 'new') as TaxRegime,
      regimeChosen: !!choice,
      regimeChoiceCloses: dates.regimeChoiceCloses,
      regimeChoiceOpen: today() <= (dates.regimeChoiceCloses ?? FY_END(financialYear)) && financialYear >= financialYearOf(today().slice(0, 7)),
      proofWindowCloses: dates.proofWindowCloses,
      declarations: rows.map((r) => toDeclaration(r, employee, proofs, book)),
      previousEmployment: previous
        ? {
            financialYear,
            employerName: previous.employer_name,
            employerTan: previous.employer_tan,
            salary: paiseToRupees(Number(previous.salary_paise)),
            exemptions: paiseToRupees(Number(previous.exemptions_paise)),
            providentFund: paiseToRupees(Number(previous.pf_paise)),
            professionalTax: paiseToRupees(Number(previous.pt_paise)),
            tds: paiseToRupees(Number(previous.tax_paise)),
            updatedAt: previous.updated_at,
          }
        : null,
      names: { act: names.act, declarationForm: names.declarationForm, previousEmployerForm: names.previousEmployerForm, certificate: names.certificate, sections: sectionNames(financialYear) },
    };
  }

  async function chooseRegime(actorId: number, userId: number, financialYear: string, regime: TaxRegime, byAdmin: boolean) {
    const employee = await employeeOf(userId);
    const before = (await findRegimeChoice(db, userId, financialYear))?.regime ?? null;
    await db.transaction().execute(async (trx) => {
      await saveRegimeChoice(trx, userId, financialYear, regime, actorId, at());
      await recordAudit(
        trx,
        { actorId, action: byAdmin ? 'tax.regime-change' : 'tax.regime-choice', entity: 'employee', entityId: String(userId), before: { employeeId: employee.employee_id, financialYear, regime: before }, after: { employeeId: employee.employee_id, financialYear, regime } },
        ctx.now(),
      );
    });
    const label = regime === 'new' ? 'the new regime' : 'the old regime';
    return { msg: byAdmin ? `${employee.name} is on ${label} for ${financialYear}` : `You are on ${label} for ${financialYear}` };
  }

  return {
    yearView,

    /** GET /me: the caller's own year. */
    ownYear: (caller: Caller, financialYear: string) => yearView(caller.userId, financialYear),

    /** PUT /regime: the employee's own choice, until the year's cut-off. */
    async chooseOwnRegime(caller: Caller, financialYear: string, regime: TaxRegime) {
      openYearForEmployee(financialYear);
      const { regimeChoiceCloses } = yearDates(await taxSettings(ctx), financialYear);
      if (regimeChoiceCloses && today() > regimeChoiceCloses) {
        throw conflict(`The regime for ${financialYear} could be chosen until ${longDate(regimeChoiceCloses)}; ask an admin to change it`);
      }
      return chooseRegime(caller.userId, caller.userId, financialYear, regime, false);
    },

    /** PUT /employees/:id/regime: an admin's change, at any time, audited. */
    adminRegime: (caller: Caller, userId: number, financialYear: string, regime: TaxRegime) => chooseRegime(caller.userId, userId, financialYear, regime, true),

    /**
     * GET /regimes: one page of active employees' regimes for a year, by employee ID, matching the
     * search (and the regime, when asked); the counts are of everyone the search finds.
     */
    async regimes(financialYear: string, page: ListPage & { regime?: TaxRegime }): Promise<RegimePage> {
      const effective = sql<TaxRegime>`coalesce(c.regime, s.tax_regime, 'new')`;
      const base = db
        .selectFrom('employees as e')
        .innerJoin('users as u', 'u.id', 'e.user_id')
        .leftJoin('employee_statutory as s', 's.user_id', 'e.user_id')
        .leftJoin('tax_regime_choices as c', (j) => j.onRef('c.user_id', '=', 'e.user_id').on('c.financial_year', '=', financialYear))
        .where('u.active', '=', 1)
        .$if(!!page.q, (qb) => qb.where(employeeMatches(page.q!)));
      const filtered = base.$if(!!page.regime, (qb) => qb.where(sql<SqlBool>`${effective} = ${page.regime!}`));
      const [rows, counts, total] = await Promise.all([
        filtered
          .select(['e.employee_id', 'u.name', 'e.user_id', 's.tax_regime', 'c.regime', 'c.chosen_at', 'c.chosen_by'])
          .orderBy('e.employee_id')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        base
          .select((eb) => [eb.fn.countAll<number>().as('all'), eb.fn.sum<number>(sql`case when ${effective} = 'old' then 1 else 0 end`).as('old'), eb.fn.count<number>('c.regime').as('chosen')])
          .executeTakeFirstOrThrow(),
        page.regime ? filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow() : null,
      ]);
      const all = Number(counts.all);
      const old = Number(counts.old ?? 0);
      return {
        rows: rows.map((r) => ({
          _id: String(r.user_id),
          employeeId: r.employee_id,
          name: r.name,
          regime: (r.regime ?? (r.tax_regime as TaxRegime | null) ?? 'new') as TaxRegime,
          chosen: r.regime !== null,
          chosenAt: r.chosen_at,
          chosenByAdmin: r.chosen_by !== null && Number(r.chosen_by) !== Number(r.user_id),
        })),
        total: total ? Number(total.n) : all,
        offset: page.offset,
        limit: page.limit,
        counts: { all, old, new: all - old, chosen: Number(counts.chosen) },
      };
    },

    /** PUT /declarations: the caller declares (or changes) one section of a year; it goes back to 'declared'. */
    async declare(caller: Caller, body: DeclarationBody) {
      openYearForEmployee(body.financialYear);
      const { proofWindowCloses } = yearDates(await taxSettings(ctx), body.financialYear);
      if (today() > proofWindowCloses) throw conflict(`Declarations for ${body.financialYear} closed on ${longDate(proofWindowCloses)}; ask an admin`);
      const amountPaise = rupeesToPaise(body.amount);
      if (body.section === 'rent') {
        const d = body.details;
        const first = `${body.financialYear.slice(0, 4)}-04`;
        const last = `${Number(body.financialYear.slice(0, 4)) + 1}-03`;
        const bad: string[] = [];
        if (d.fromMonth < first || d.fromMonth > last) bad.push(`fromMonth must be within ${body.financialYear} (${first} to ${last})`);
        if (d.toMonth < first || d.toMonth > last) bad.push(`toMonth must be within ${body.financialYear} (${first} to ${last})`);
        if (d.toMonth < d.fromMonth) bad.push('toMonth must not be before fromMonth');
        if (d.city === 'other' && !d.cityName) bad.push("cityName is required when the city is 'other'");
        const months = bad.length ? 0 : 1 + monthsAfter(d.fromMonth, d.toMonth).length;
        const above = deductionCaps(body.financialYear, await loadRuleBook(db)).landlordPanAbovePaise;
        if (!bad.length && amountPaise * months > above && !d.landlordPan) {
          bad.push(withSection(`landlordPan is required when the year's rent is above ${rupeesText(above)}`, taxLawNames(body.financialYear).declarationForm));
        }
        if (bad.length) throw badRequest(bad.join('; '));
      }
      if (body.section === '24b' && amountPaise > 0 && !body.details.lenderPan) throw badRequest(withSection('lenderPan is required for home-loan interest', taxLawNames(body.financialYear).declarationForm));
      const before = (await declarationsOf(db, caller.userId, body.financialYear)).find((r) => r.section === body.section);
      await db.transaction().execute(async (trx) => {
        await upsertDeclaration(trx, { userId: caller.userId, financialYear: body.financialYear, section: body.section, amountPaise, detailsJson: JSON.stringify(body.details), at: at() });
        await recordAudit(
          trx,
          {
            actorId: caller.userId,
            action: 'tax.declaration',
            entity: 'employee',
            entityId: String(caller.userId),
            before: before ? { financialYear: body.financialYear, section: body.section, amount: paiseToRupees(before.amount_paise), status: before.status } : null,
            after: { financialYear: body.financialYear, section: body.section, amount: body.amount, status: 'declared' },
          },
          ctx.now(),
        );
      });
      return { msg: `${sectionNames(body.financialYear)[body.section]}: ₹${body.amount.toLocaleString('en-IN')} declared for ${body.financialYear}` };
    },

    /** GET /declarations: one page of the admin's verification list, with the year's counts and rupees for the search. */
    async verificationList(financialYear: string, status: Declaration['status'], page: ListPage): Promise<DeclarationPage> {
      const [rows, totals] = await Promise.all([listDeclarations(db, financialYear, status, page), declarationTotals(db, ctx.database.dialect, financialYear, page.q)]);
      const [proofs, book] = await Promise.all([proofsOf(db, [...new Set(rows.map((r) => r.user_id))], financialYear), loadRuleBook(db)]);
      return {
        rows: rows.map((r) => toDeclaration(r, r, proofs, book)),
        total: totals.counts[status],
        offset: page.offset,
        limit: page.limit,
        counts: totals.counts,
        rupees: { declared: paiseToRupees(totals.declaredPaise), verified: paiseToRupees(totals.verifiedPaise) },
      };
    },

    /** PUT /declarations/:id/decision: verify (with the amount verified) or reject (with a note). */
    async decide(caller: Caller, id: number, body: DecisionBody) {
      const row = await findDeclaration(db, id);
      if (!row) throw notFound(`No tax declaration with id ${id}`);
      const verified = body.status === 'verified' ? rupeesToPaise(body.amount ?? paiseToRupees(row.amount_paise)) : null;
      if (verified !== null && verified > row.amount_paise) throw badRequest(`amount must not be more than the ₹${paiseToRupees(row.amount_paise).toLocaleString('en-IN')} declared`);
      if (body.status === 'rejected' && !body.note) throw badRequest('note is required when rejecting: say what is missing');
      const employee = await employeeOf(row.user_id);
      await db.transaction().execute(async (trx) => {
        await decideDeclaration(trx, id, { status: body.status, verifiedAmountPaise: verified, note: body.note ?? null, by: caller.userId, at: at() });
        await recordAudit(
          trx,
          {
            actorId: caller.userId,
            action: 'tax.declaration-decision',
            entity: 'tax_declaration',
            entityId: String(id),
            before: { employeeId: employee.employee_id, section: row.section, status: row.status },
            after: { employeeId: employee.employee_id, section: row.section, status: body.status, amount: verified === null ? null : paiseToRupees(verified), note: body.note ?? null },
          },
          ctx.now(),
        );
      });
      return { msg: `${employee.name}'s ${sectionNames(row.financial_year)[row.section as DeclarationSection]} ${body.status}` };
    },

    /** POST /proofs: a proof file of the caller's declaration. */
    async addProof(caller: Caller, financialYear: string, section: DeclarationSection, file: { fileName: string; contentType: string; content: Buffer }) {
      openYearForEmployee(financialYear);
      if ((await countProofs(db, caller.userId, financialYear, section)) >= PROOF_MAX_PER_SECTION) {
        throw conflict(`At most ${PROOF_MAX_PER_SECTION} proofs a section: remove one first`);
      }
      const id = await db.transaction().execute(async (trx) => {
        const proofId = await insertProof(trx, { userId: caller.userId, financialYear, section, ...file, by: caller.userId, at: at() });
        await recordAudit(trx, { actorId: caller.userId, action: 'tax.proof-upload', entity: 'tax_proof', entityId: String(proofId), after: { financialYear, section, fileName: file.fileName, size: file.content.length } }, ctx.now());
        return proofId;
      });
      return { _id: String(id), msg: `${file.fileName} uploaded` };
    },

    /** GET /proofs/:id: the file, to its employee and admins; an admin's reading is audited. */
    async proof(caller: Caller, id: number) {
      const meta = await findProofMeta(db, id);
      if (caller.role !== 'admin' && meta && meta.userId !== caller.userId) throw forbidden(SERVER_MSG.forbidden);
      if (!meta) throw notFound(`No proof with id ${id}`);
      if (caller.role === 'admin') await recordAudit(db, { actorId: caller.userId, action: 'tax.proof-download', entity: 'tax_proof', entityId: String(id), after: { userId: meta.userId, fileName: meta.fileName } }, ctx.now());
      return { meta, content: await proofContent(db, id) };
    },

    /** DELETE /proofs/:id: the employee removes their own proof, unless its declaration is verified. */
    async removeProof(caller: Caller, id: number) {
      const meta = await findProofMeta(db, id);
      if (meta && meta.userId !== caller.userId) throw forbidden(SERVER_MSG.forbidden);
      if (!meta) throw notFound(`No proof with id ${id}`);
      const decl = (await declarationsOf(db, caller.userId, meta.financialYear)).find((r) => r.section === meta.section);
      if (decl?.status === 'verified') throw conflict('This declaration is verified: its proofs stay');
      await db.transaction().execute(async (trx) => {
        await deleteProof(trx, id);
        await recordAudit(trx, { actorId: caller.userId, action: 'tax.proof-delete', entity: 'tax_proof', entityId: String(id), before: { fileName: meta.fileName } }, ctx.now());
      });
      return { msg: `${meta.fileName} removed` };
    },

    /** PUT /previous-employment (own) and /employees/:id/previous-employment (admin). */
    async savePrevious(caller: Caller, userId: number, body: PreviousEmploymentBody) {
      if (caller.role !== 'admin') openYearForEmployee(body.financialYear);
      const bad: string[] = [];
      if (body.exemptions > body.salary) bad.push('exemptions must not be more than salary');
      if (body.tds > body.salary) bad.push('tds must not be more than salary');
      if (bad.length) throw badRequest(bad.join('; '));
      const employee = await employeeOf(userId);
      const before = await findPreviousEmployment(db, userId, body.financialYear);
      await db.transaction().execute(async (trx) => {
        await savePreviousEmployment(trx, {
          user_id: userId,
          financial_year: body.financialYear,
          employer_name: body.employerName,
          employer_tan: body.employerTan ?? null,
          salary_paise: rupeesToPaise(body.salary),
          exemptions_paise: rupeesToPaise(body.exemptions),
          pf_paise: rupeesToPaise(body.providentFund),
          pt_paise: rupeesToPaise(body.professionalTax),
          tax_paise: rupeesToPaise(body.tds),
          entered_by: caller.userId,
          updated_at: at(),
        });
        await recordAudit(
          trx,
          {
            actorId: caller.userId,
            action: 'tax.previous-employment',
            entity: 'employee',
            entityId: String(userId),
            before: before ? { employeeId: employee.employee_id, financialYear: body.financialYear, salary: paiseToRupees(Number(before.salary_paise)), tds: paiseToRupees(Number(before.tax_paise)) } : null,
            after: { employeeId: employee.employee_id, financialYear: body.financialYear, salary: body.salary, tds: body.tds },
          },
          ctx.now(),
        );
      });
      return { msg: `Earlier employer's figures saved for ${body.financialYear}` };
    },
  };
}
