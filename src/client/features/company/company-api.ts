/**
 * The company profile and its logo, departments and locations (/api/company): read for the Company
 * profile screen, changed from it. The logo comes back as a data: URL (the CSP allows data: images,
 * not blob:), asked again whenever its SHA-256 changes.
 */
import type { MsgResponse } from '../../../shared/schemas/common';
import type { Department, Location } from '../../../shared/schemas/company';
import type { CompanyProfile, CompanyProfileBody } from '../../../shared/schemas/company-profile';
import { api } from '../../api/base-api';

const dataUrl = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(blob);
  });

export const companyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCompanyProfile: build.query<CompanyProfile, void>({ query: () => '/api/company/profile', providesTags: [{ type: 'Company', id: 'PROFILE' }] }),
    saveCompanyProfile: build.mutation<CompanyProfile, Partial<CompanyProfileBody>>({
      query: (body) => ({ url: '/api/company/profile', method: 'PUT', body }),
      invalidatesTags: [{ type: 'Company', id: 'PROFILE' }],
    }),
    /** The logo as a data: URL; the argument is its SHA-256, so a new logo is a new request. */
    getCompanyLogo: build.query<string, string>({
      query: () => ({ url: '/api/company/logo', responseHandler: async (response: Response) => (response.ok ? dataUrl(await response.blob()) : response.json()) }),
    }),
    uploadCompanyLogo: build.mutation<CompanyProfile, File>({
      query: (file) => {
        const form = new FormData();
        form.append('file', file);
        return { url: '/api/company/logo', method: 'PUT', body: form };
      },
      invalidatesTags: [{ type: 'Company', id: 'PROFILE' }],
    }),
    removeCompanyLogo: build.mutation<MsgResponse, void>({
      query: () => ({ url: '/api/company/logo', method: 'DELETE' }),
      invalidatesTags: [{ type: 'Company', id: 'PROFILE' }],
    }),
    getDepartments: build.query<Department[], void>({ query: () => '/api/company/departments', providesTags: [{ type: 'Company', id: 'DEPARTMENTS' }] }),
    addDepartment: build.mutation<Department, { name: string }>({
      query: (body) => ({ url: '/api/company/departments', method: 'POST', body }),
      invalidatesTags: [{ type: 'Company', id: 'DEPARTMENTS' }],
    }),
    getLocations: build.query<Location[], void>({ query: () => '/api/company/locations', providesTags: [{ type: 'Company', id: 'LOCATIONS' }] }),
    addLocation: build.mutation<Location, { name: string; state?: string; city?: string }>({
      query: (body) => ({ url: '/api/company/locations', method: 'POST', body }),
      invalidatesTags: [{ type: 'Company', id: 'LOCATIONS' }],
    }),
  }),
});

export const { useGetCompanyProfileQuery, useGetCompanyLogoQuery, useGetDepartmentsQuery, useGetLocationsQuery } = companyApi;
