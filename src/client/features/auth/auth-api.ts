/** Sign-in and password endpoints (product.md, Calls; the set-password design is in this folder's machines). */
import type { MsgResponse } from '../../../shared/schemas/common';
import { api } from '../../api/base-api';
import type { ChangePasswordRequest, ChangePasswordResult } from './change-password-machine';
import type { LoginResult } from './login-machine';

interface Credentials {
  email: string;
  password?: string;
}

// Sign-in and password-link calls run without a session: no token sent, and their 401s end nothing.
const PUBLIC = { public: true } as const;

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/auth/admin-login {email, password} -> {token, email, role}. */
    adminLogin: build.mutation<LoginResult, Required<Credentials>>({
      query: (body) => ({ url: '/api/auth/admin-login', method: 'POST', body }),
      extraOptions: PUBLIC,
    }),
    /** POST /api/auth/employee-login {email, password?} -> {token, email, role}; email alone in email-only mode. */
    employeeLogin: build.mutation<LoginResult, Credentials>({
      query: (body) => ({ url: '/api/auth/employee-login', method: 'POST', body }),
      extraOptions: PUBLIC,
    }),
    /** PUT /api/auth/change-password {oldPassword, newPassword} -> {msg}. */
    changePassword: build.mutation<ChangePasswordResult, ChangePasswordRequest>({
      query: (body) => ({ url: '/api/auth/change-password', method: 'PUT', body }),
    }),
    /** POST /api/auth/forgot-password {email} -> {msg}; the answer is the same whether the email exists or not. */
    forgotPassword: build.mutation<MsgResponse, { email: string }>({
      query: (body) => ({ url: '/api/auth/forgot-password', method: 'POST', body }),
      extraOptions: PUBLIC,
    }),
    /** POST /api/auth/set-password {token, password} -> {msg}; `token` is the one-time link's, not a session. */
    setPassword: build.mutation<MsgResponse, { token: string; password: string }>({
      query: (body) => ({ url: '/api/auth/set-password', method: 'POST', body }),
      extraOptions: PUBLIC,
    }),
    /** POST /api/auth/confirm-email {token} -> {msg}; public, the token is the emailed link's. */
    confirmEmail: build.mutation<MsgResponse, { token: string }>({
      query: (body) => ({ url: '/api/auth/confirm-email', method: 'POST', body }),
      extraOptions: PUBLIC,
    }),
    /** POST /api/auth/cancel-email-change {token} -> {msg}; public, the token is the old address's "it was not me" link. */
    cancelEmailChange: build.mutation<MsgResponse, { token: string }>({
      query: (body) => ({ url: '/api/auth/cancel-email-change', method: 'POST', body }),
      extraOptions: PUBLIC,
    }),
  }),
});

