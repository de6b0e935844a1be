/**
 * The one RTK Query API of the client (ARCHITECTURE section 5): every call goes to the configured
 * host with a 10-second timeout, carries the stored token in x-auth-token, and a 401 ends the
 * session once, here, instead of in every screen. Features add endpoints with injectEndpoints.
 */
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { REQUEST_TIMEOUT_MS } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { readRuntimeConfig } from '../config/runtime-config';
import { tokenStorage } from './token-storage';

// Screens import errorMessage from here with the API; machines import ./error-message directly,
// which keeps RTK and React out of their module graph.
export { errorMessage } from './error-message';

/** What the store hands to every request (thunk extra argument): the bridge to the session machine. */
export interface ApiExtra {
  /** A signed-in call was refused with 401; `message` is the server's msg, if any. */
  onUnauthorized(message: string | undefined): void;
}

/** Per-endpoint options: `public` calls (sign-in, password links) neither send nor need a token. */
export interface ApiExtraOptions {
  public?: boolean;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: readRuntimeConfig().apiHost,
  timeout: REQUEST_TIMEOUT_MS,
  prepareHeaders: (headers, { extraOptions }) => {
    const token = (extraOptions as ApiExtraOptions | undefined)?.public ? null : tokenStorage.read();
    if (token) headers.set('x-auth-token', token);
    return headers;
  },
});

const serverMsg = (error: FetchBaseQueryError): string | undefined => {
  const data = 'data' in error ? error.data : undefined;
  return typeof data === 'object' && data !== null && 'msg' in data && typeof data.msg === 'string'
    ? data.msg
    : undefined;
};

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions> = async (
  args,
  api,
  extraOptions = {},
) => {
  if (extraOptions.public) return rawBaseQuery(args, api, extraOptions);
  // Spec section 5: a call that needs a token and has none fails locally with the spec's text.
  if (!tokenStorage.read()) {
    return { error: { status: 'CUSTOM_ERROR', error: MSG.noToken, data: { msg: MSG.noToken } } };
  }
  const result = await rawBaseQuery(args, api, extraOptions);
  // Public calls are excluded above: a wrong password is a 401 too, and must not end anything.
  if (result.error?.status === 401) (api.extra as ApiExtra).onUnauthorized(serverMsg(result.error));
  return result;
};

/** The client's single createApi; screens inject their endpoints into it. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Employee', 'Attendance', 'Leave', 'Task', 'Audit', 'PayrollRun'],
  endpoints: () => ({}),
});
