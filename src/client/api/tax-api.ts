/**
 * Income-tax calls: the caller's year (regime, declarations with proofs, an earlier employer) and
 * its changes; the admin's verification list, decisions, regimes and settings; the year's statement
 * as a download. A change to a year refreshes that year; a decision refreshes the list and the years.
 */
import type { MsgResponse } from '../../shared/schemas/common';
import type { Declaration, DeclarationBody, DeclarationPage, DecisionBody, PreviousEmploymentBody, RegimePage, TaxSettings, TaxYear } from '../../shared/schemas/tax';
import { api } from './base-api';
import { fileResponseHandler, type DownloadedFile } from './download';

const YEARS = { type: 'TaxYear', id: 'LIST' } as const;
const DECLARATIONS = { type: 'TaxDeclaration', id: 'LIST' } as const;

/** A page of an admin tax list: the search (name, email or employee ID), where the page starts, its size. */
export interface TaxListArgs {
  financialYear: string;
  q?: string;
  offset: number;
  limit: number;
}

export interface ProofUpload {
  financialYear: string;
  section: Declaration['section'];
  file: File;
}

export const taxApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/tax/me?financialYear: the caller's year. */
    getOwnTaxYear: build.query<TaxYear, string>({
      query: (financialYear) => ({ url: '/api/tax/me', params: { financialYear } }),
      providesTags: (_r, _e, fy) => [{ type: 'TaxYear', id: fy }, YEARS],
    }),
    /** PUT /api/tax/regime {financialYear, regime} -> {msg}. */
    chooseRegime: build.mutation<MsgResponse, { financialYear: string; regime: 'new' | 'old' }>({
      query: (body) => ({ url: '/api/tax/regime', method: 'PUT', body }),
      invalidatesTags: (_r, _e, { financialYear }) => [{ type: 'TaxYear', id: financialYear }],
    }),
    /** PUT /api/tax/declarations {financialYear, section, amount, details} -> {msg}. */
    declare: build.mutation<MsgResponse, DeclarationBody>({
      query: (body) => ({ url: '/api/tax/declarations', method: 'PUT', body }),
      invalidatesTags: (_r, _e, { financialYear }) => [{ type: 'TaxYear', id: financialYear }, DECLARATIONS],
    }),
    /** POST /api/tax/proofs?financialYear&section (multipart "file") -> 201 {msg, _id}. */
    uploadProof: build.mutation<MsgResponse & { _id: string }, ProofUpload>({
      query: ({ financialYear, section, file }) => {
        const body = new FormData();
        body.append('file', file);
        return { url: '/api/tax/proofs', method: 'POST', params: { financialYear, section }, body };
      },
      invalidatesTags: (_r, _e, { financialYear }) => [{ type: 'TaxYear', id: financialYear }, DECLARATIONS],
    }),
    /** DELETE /api/tax/proofs/{id} -> {msg}. */
    removeProof: build.mutation<MsgResponse, { id: string; financialYear: string }>({
      query: ({ id }) => ({ url: `/api/tax/proofs/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { financialYear }) => [{ type: 'TaxYear', id: financialYear }, DECLARATIONS],
    }),
    /** GET /api/tax/proofs/{id}: the file, saved by the browser. */
    downloadProof: build.mutation<DownloadedFile, { id: string; fileName: string }>({
      query: ({ id, fileName }) => ({ url: `/api/tax/proofs/${encodeURIComponent(id)}`, responseHandler: fileResponseHandler(fileName), cache: 'no-store' }),
    }),
    /** PUT /api/tax/previous-employment -> {msg}. */
    savePreviousEmployment: build.mutation<MsgResponse, PreviousEmploymentBody>({
      query: (body) => ({ url: '/api/tax/previous-employment', method: 'PUT', body }),
      invalidatesTags: (_r, _e, { financialYear }) => [{ type: 'TaxYear', id: financialYear }],
    }),
    /** GET /api/tax/employees/{id}?financialYear: one employee's year (admins). */
    getEmployeeTaxYear: build.query<TaxYear, { userId: string; financialYear: string }>({
      query: ({ userId, financialYear }) => ({ url: `/api/tax/employees/${encodeURIComponent(userId)}`, params: { financialYear } }),
      providesTags: (_r, _e, { userId, financialYear }) => [{ type: 'TaxYear', id: `${userId} ${financialYear}` }, YEARS],
    }),
    /** PUT /api/tax/employees/{id}/previous-employment -> {msg} (admins, audited). */
    saveEmployeePreviousEmployment: build.mutation<MsgResponse, PreviousEmploymentBody & { userId: string }>({
      query: ({ userId, ...body }) => ({ url: `/api/tax/employees/${encodeURIComponent(userId)}/previous-employment`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { userId, financialYear }) => [{ type: 'TaxYear', id: `${userId} ${financialYear}` }],
    }),
    /** GET /api/tax/statement/{employeeId}/{financialYear}: the year's statement PDF. */
    downloadTaxStatement: build.mutation<DownloadedFile, { employeeId: string; financialYear: string }>({
      query: ({ employeeId, financialYear }) => ({
        url: `/api/tax/statement/${encodeURIComponent(employeeId)}/${encodeURIComponent(financialYear)}`,
        responseHandler: fileResponseHandler(`tax-statement_${employeeId}_${financialYear}.pdf`),
        cache: 'no-store',
      }),
    }),
    /** GET /api/tax/annexure/{financialYear}: the year's salary annexure CSV (admin). */
    downloadTaxAnnexure: build.mutation<DownloadedFile, string>({
      query: (financialYear) => ({ url: `/api/tax/annexure/${encodeURIComponent(financialYear)}`, responseHandler: fileResponseHandler(`salary-annexure_${financialYear}.csv`), cache: 'no-store' }),
    }),
    /** GET /api/tax/declarations?financialYear&status&q&offset&limit: a page of the verification list, with the year's counts and rupees (admin). */
    getTaxDeclarations: build.query<DeclarationPage, TaxListArgs & { status: Declaration['status'] }>({
      query: ({ q, ...params }) => ({ url: '/api/tax/declarations', params: q ? { ...params, q } : params }),
      providesTags: (page) => [...(page?.rows ?? []).map((r) => ({ type: 'TaxDeclaration' as const, id: r._id })), DECLARATIONS],
    }),
    /** PUT /api/tax/declarations/{id}/decision {status, amount?, note?} -> {msg}. */
    decideDeclaration: build.mutation<MsgResponse, DecisionBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/api/tax/declarations/${encodeURIComponent(id)}/decision`, method: 'PUT', body }),
      invalidatesTags: (_r, _e, { id }) => [{ type: 'TaxDeclaration', id }, DECLARATIONS, YEARS],
    }),
    /** GET /api/tax/regimes?financialYear&q&regime&offset&limit: a page of active employees' regimes, with the counts (admin). */
    getTaxRegimes: build.query<RegimePage, TaxListArgs & { regime?: 'new' | 'old' }>({
      query: ({ q, regime, ...params }) => ({ url: '/api/tax/regimes', params: { ...params, ...(q ? { q } : {}), ...(regime ? { regime } : {}) } }),
      providesTags: (_r, _e, { financialYear }) => [{ type: 'TaxYear', id: `regimes-${financialYear}` }, YEARS],
    }),
    /** PUT /api/tax/employees/{id}/regime (admin, audited). */
    changeRegime: build.mutation<MsgResponse, { userId: string; financialYear: string; regime: 'new' | 'old' }>({
      query: ({ userId, ...body }) => ({ url: `/api/tax/employees/${encodeURIComponent(userId)}/regime`, method: 'PUT', body }),
      invalidatesTags: [YEARS],
    }),
    /** GET /api/tax/settings (admin). */
    getTaxSettings: build.query<TaxSettings, void>({
      query: () => '/api/tax/settings',
      providesTags: [{ type: 'TaxYear', id: 'SETTINGS' }],
    }),
    /** PUT /api/tax/settings (admin, audited). */
    saveTaxSettings: build.mutation<TaxSettings, TaxSettings>({
      query: (body) => ({ url: '/api/tax/settings', method: 'PUT', body }),
      invalidatesTags: [{ type: 'TaxYear', id: 'SETTINGS' }, YEARS],
    }),
  }),
});

export const { useGetEmployeeTaxYearQuery, useGetOwnTaxYearQuery, useGetTaxDeclarationsQuery, useGetTaxRegimesQuery, useGetTaxSettingsQuery } = taxApi;
