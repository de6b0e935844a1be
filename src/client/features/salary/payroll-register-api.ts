/** GET /api/salary/register/{month}: the payroll register preview, its .xlsx, and whether the month is approved. */
import type { PayrollApprovalAnswer, PayrollApprovalState } from '../../../shared/schemas/payroll-approval';
import type { PayrollRegister, RegisterWarningKind } from '../../../shared/schemas/payroll-register';
import type { BankFormat, BankPreview, MonthPayments, PaymentBatch, PayrollSettings, RerunPreview } from '../../../shared/schemas/payroll-payments';
import type { RuleArrearsBody } from '../../../shared/schemas/rule-arrears';
import { api } from '../../api/base-api';
import { fileResponseHandler, type DownloadedFile } from '../../api/download';

/** Blocking warnings of one kind approved anyway, with the reason (audited). */
export interface ApprovalOverride {
  kind: RegisterWarningKind;
  reason: string;
}

/**
 * How long the calls that compute or store a whole month may take: the register of an approved
 * month computes it twice (as approved, and from today's data for "live data differs"), which for a
 * thousand people on a busy server is seconds, beyond the usual 10-second wait; approving, a re-run
 * and its preview compute every slip too, and the payments panel's call may queue behind them.
 */
const MONTH_TIMEOUT_MS = 60_000;

export const payrollRegisterApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The month's register; always fetched afresh (attendance and details change behind it), and again
     * after an approval or re-run (an approved month shows the stored slips, which a re-run replaces).
     */
    getPayrollRegister: build.query<PayrollRegister, string>({
      query: (month) => ({ url: `/api/salary/register/${encodeURIComponent(month)}`, cache: 'no-store', timeout: MONTH_TIMEOUT_MS }),
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, month) => [{ type: 'PayrollApproval', id: month }],
    }),
    /** Whether the month is approved (locked), by whom and when; approving or re-running invalidates 'PayrollApproval'. */
    getPayrollApproval: build.query<PayrollApprovalState, string>({
      query: (month) => ({ url: `/api/salary/register/${encodeURIComponent(month)}/approval`, cache: 'no-store' }),
      providesTags: (_result, _error, month) => [{ type: 'PayrollApproval', id: month }],
    }),
    /** Approves the month's register (blocking warnings overridden with reasons): stores it, locks the month and emails every slip (or holds them for release). */
    approvePayrollMonth: build.mutation<PayrollApprovalAnswer, { month: string; overrides: ApprovalOverride[] }>({
      query: ({ month, overrides }) => ({ url: `/api/salary/register/${encodeURIComponent(month)}/approve`, method: 'POST', body: { overrides }, timeout: MONTH_TIMEOUT_MS }),
      invalidatesTags: (_result, _error, { month }) => [{ type: 'PayrollApproval', id: month }, 'PayrollRun'],
    }),
    /** Re-runs an approved month with a reason: only the slips that changed are emailed. `previewHash`: the list the admin confirmed. */
    rerunPayrollMonth: build.mutation<PayrollApprovalAnswer, { month: string; reason: string; previewHash?: string }>({
      query: ({ month, reason, previewHash }) => ({ url: `/api/salary/register/${encodeURIComponent(month)}/rerun`, method: 'POST', body: { reason, previewHash }, timeout: MONTH_TIMEOUT_MS }),
      invalidatesTags: (_result, _error, { month }) => [{ type: 'PayrollApproval', id: month }, 'PayrollRun'],
    }),
    /** Pays the PF differences of approved months (a rule version back-dated into them) with the open month: its slips and supplementary ECR. */
    payRuleArrears: build.mutation<{ msg: string; count: number; people: number }, { month: string } & RuleArrearsBody>({
      query: ({ month, ...body }) => ({ url: `/api/salary/register/${encodeURIComponent(month)}/rule-arrears`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { month }) => [{ type: 'PayrollApproval', id: month }],
    }),
    /** The same register as an .xlsx (a mutation: a one-off download, not cached). */
    downloadPayrollRegister: build.mutation<DownloadedFile, string>({
      query: (month) => ({
        url: `/api/salary/register/${encodeURIComponent(month)}`,
        params: { format: 'xlsx' },
        responseHandler: fileResponseHandler(`payroll-register_${month}.xlsx`),
        cache: 'no-store',
        timeout: MONTH_TIMEOUT_MS,
      }),
    }),
  }),
});

export const { useGetPayrollRegisterQuery, useGetPayrollApprovalQuery } = payrollRegisterApi;

/** A month's payment batches, re-run preview and slip release (the payments panel and the re-run dialog). */
export const payrollPaymentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The month's batches, what a new batch would pay, the recoveries and the release state. */
    getMonthPayments: build.query<MonthPayments, string>({
      query: (month) => ({ url: `/api/salary/payments/${encodeURIComponent(month)}`, cache: 'no-store', timeout: MONTH_TIMEOUT_MS }),
      keepUnusedDataFor: 0,
      providesTags: (_result, _error, month) => [{ type: 'PayrollApproval', id: month }],
    }),
    /** Makes the month's next bank file from what is owed now. */
    createPaymentBatch: build.mutation<PaymentBatch, string>({
      query: (month) => ({ url: `/api/salary/payments/${encodeURIComponent(month)}/batches`, method: 'POST', timeout: MONTH_TIMEOUT_MS }),
      invalidatesTags: (_result, _error, month) => [{ type: 'PayrollApproval', id: month }],
    }),
    /** A batch's file, byte for byte as made (a mutation: a one-off download). */
    downloadPaymentBatch: build.mutation<DownloadedFile, { id: string; filename: string }>({
      query: ({ id, filename }) => ({ url: `/api/salary/payments/batches/${encodeURIComponent(id)}/file`, responseHandler: fileResponseHandler(filename), cache: 'no-store' }),
    }),
    markBatchPaid: build.mutation<PaymentBatch, { id: string; month: string; paidOn: string; bankReference: string }>({
      query: ({ id, paidOn, bankReference }) => ({ url: `/api/salary/payments/batches/${encodeURIComponent(id)}/paid`, method: 'POST', body: { paidOn, bankReference } }),
      invalidatesTags: (_result, _error, { month }) => [{ type: 'PayrollApproval', id: month }],
    }),
    /** Emails every slip of a paid month once and shows them to employees. */
    releasePayrollMonth: build.mutation<PayrollApprovalAnswer, string>({
      query: (month) => ({ url: `/api/salary/register/${encodeURIComponent(month)}/release`, method: 'POST' }),
      invalidatesTags: (_result, _error, month) => [{ type: 'PayrollApproval', id: month }, 'PayrollRun'],
    }),
    /** Marks rows of a paid batch as returned by the bank; they are owed again once fixed. */
    markPaymentsReturned: build.mutation<PaymentBatch, { id: string; month: string; employeeIds: string[]; reason: string }>({
      query: ({ id, employeeIds, reason }) => ({ url: `/api/salary/payments/batches/${encodeURIComponent(id)}/returned`, method: 'POST', body: { employeeIds, reason } }),
      invalidatesTags: (_result, _error, { month }) => [{ type: 'PayrollApproval', id: month }],
    }),
    /** The company's payroll settings: when slips go out, the bank file's layout. */
    getPayrollSettings: build.query<PayrollSettings, void>({ query: () => '/api/salary/settings', providesTags: [{ type: 'PayrollApproval', id: 'SETTINGS' }] }),
    savePayrollSettings: build.mutation<PayrollSettings, Partial<PayrollSettings>>({
      query: (body) => ({ url: '/api/salary/settings', method: 'PUT', body }),
      invalidatesTags: [{ type: 'PayrollApproval', id: 'SETTINGS' }],
    }),
    /** The first lines a bank file template writes for sample people, before it is saved (nothing is stored). */
    previewBankFile: build.query<BankPreview, BankFormat>({
      query: (bankFormat) => ({ url: '/api/salary/settings/bank-preview', method: 'POST', body: { bankFormat } }),
      keepUnusedDataFor: 30,
    }),
    /** What a re-run would change now; asked afresh each time the dialog opens. */
    getRerunPreview: build.query<RerunPreview, string>({
      query: (month) => ({ url: `/api/salary/register/${encodeURIComponent(month)}/rerun-preview`, cache: 'no-store', timeout: MONTH_TIMEOUT_MS }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetMonthPaymentsQuery, useGetRerunPreviewQuery, useGetPayrollSettingsQuery, usePreviewBankFileQuery } = payrollPaymentsApi;
