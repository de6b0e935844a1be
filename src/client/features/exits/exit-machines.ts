/**
 * The flows of an exit and its settlement, on the shared flow machines (src/client/flows):
 * - the Exit dialog's form (record or correct an exit), checked with the server's own schema;
 * - the other-recoveries form of a draft settlement;
 * - the settlement's actions (approve and lock, make the bank file, withdraw the exit, download
 *   the PDF), each asking first where it cannot be undone.
 */
import { errorMessage } from '../../api/error-message';
import { createFileDownloadMachine } from '../../flows/file-download-machine';
import { createFormSubmitMachine } from '../../flows/form-submit-machine';
import { createRowActionMachine } from '../../flows/row-action-machine';
import { schemaFieldProblems, schemaProblem } from '../../flows/schema-problem';
import { exitBody, settlementDraftBody, type ExitBody } from '../../../shared/schemas/exit';
import { EXIT_UI, SETTLEMENT_UI } from './exit-copy';

export type ExitFormValues = {
  kind: string;
  noticeGivenOn: string;
  noticePeriodDays: string;
  lastWorkingDay: string;
  reason: string;
  /** What happens to a notice shortfall: 'recovered', 'waived' or 'relieved'. */
  shortfall: string;
};

export const BLANK_EXIT: ExitFormValues = { kind: 'resignation', noticeGivenOn: '', noticePeriodDays: '30', lastWorkingDay: '', reason: '', shortfall: 'recovered' };

/** What the form sends: the numbers as numbers, the shortfall as the two flags. */
export const toExitBody = (v: ExitFormValues): ExitBody => ({
  kind: v.kind as ExitBody['kind'],
  noticeGivenOn: v.noticeGivenOn.trim(),
  noticePeriodDays: v.noticePeriodDays.trim() === '' ? Number.NaN : Number(v.noticePeriodDays),
  lastWorkingDay: v.lastWorkingDay.trim(),
  reason: v.reason,
  noticeWaived: v.shortfall === 'waived',
  relievedEarly: v.shortfall === 'relieved',
});

export const exitFormMachine = createFormSubmitMachine<ExitFormValues, { id: string; body: ExitBody }, { name?: string; lastWorkingDay?: string; msg?: string }>({
  id: 'exitForm',
  blank: BLANK_EXIT,
  validate: (v) => schemaProblem(exitBody, toExitBody(v)),
  fieldProblems: (v) => schemaFieldProblems(exitBody, toExitBody(v)),
  toInput: (v, target) => ({ id: target!, body: toExitBody(v) }),
  failure: (error) => EXIT_UI.failed + errorMessage(error, 'try again'),
  announce: 'alert',
  successText: (out) => (out.name && out.lastWorkingDay ? EXIT_UI.saved(out.name, out.lastWorkingDay) : null),
  afterSuccess: 'keepEditing',
});

export type RecoveriesValues = { otherRecoveries: string; recoveriesNote: string };

const toRecoveries = (v: RecoveriesValues) => ({ otherRecoveries: v.otherRecoveries.trim() === '' ? 0 : Number(v.otherRecoveries), recoveriesNote: v.recoveriesNote });

export const recoveriesFormMachine = createFormSubmitMachine<RecoveriesValues, { id: string; otherRecoveries: number; recoveriesNote: string }>({
  id: 'settlementRecoveries',
  blank: { otherRecoveries: '0', recoveriesNote: '' },
  validate: (v) => schemaProblem(settlementDraftBody, toRecoveries(v)),
  fieldProblems: (v) => schemaFieldProblems(settlementDraftBody, toRecoveries(v)),
  toInput: (v, target) => ({ id: target!, ...toRecoveries(v) }),
  failure: (error) => SETTLEMENT_UI.recoveriesFailed + errorMessage(error, 'try again'),
  announce: 'alert',
  successText: () => SETTLEMENT_UI.recoveriesSaved,
  afterSuccess: 'keepEditing',
});

/** One settlement action: which, on whom, and what the question names. */
export interface SettlementActionInput {
  id: string;
  action: 'approve' | 'batch' | 'withdraw';
  name: string;
  amount: string;
}

export const settlementActionMachine = createRowActionMachine<SettlementActionInput>({
  id: 'settlementAction',
  // The server's msg says what was refused and why (not approved yet, no bank account…).
  failure: (error) => errorMessage(error, SETTLEMENT_UI.actionFailed),
  confirmation: (input) => {
    switch (input.action) {
      case 'approve':
        return { title: SETTLEMENT_UI.approve, message: SETTLEMENT_UI.approveQuestion(input.name, input.amount), confirmLabel: SETTLEMENT_UI.approve };
      case 'batch':
        return { title: SETTLEMENT_UI.makeBatch, message: SETTLEMENT_UI.batchQuestion(input.amount), confirmLabel: SETTLEMENT_UI.makeBatch };
      case 'withdraw':
        return { title: EXIT_UI.withdraw, message: EXIT_UI.withdrawQuestion(input.name), confirmLabel: EXIT_UI.withdraw, danger: true };
      default:
        return null;
    }
  },
});

/** The settlement statement (PDF), for HR and for the leaver: saved, or an error toast saying why not. */
export const settlementPdfDownload = createFileDownloadMachine<{ id: string; employeeId: string }>({
  id: 'settlementPdf',
  failure: (error) => SETTLEMENT_UI.pdfFailed + errorMessage(error, SETTLEMENT_UI.actionFailed),
});
