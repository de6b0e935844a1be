/**
 * The one RTK Query API of the client (src/README.md): every call goes to the configured
 * host with a 10-second timeout, carries the session's token in x-auth-token, and a 401 ends the
 * session once, here, instead of in every screen. Features add endpoints with injectEndpoints.
 *
 * The token comes from the session machine through the store's extra argument (ApiExtra.getToken),
 * never from localStorage: storage is shared by every tab of the browser, so reading it would let
 * one tab act for whoever signed in last in another.
 */
import {
  createApi,
  fetchBaseQuery,
  type BaseQueryApi,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { REQUEST_TIMEOUT_MS } from '../../shared/constants';
import { MSG } from '../copy';
import { readRuntimeConfig } from '../config/runtime-config';

// Screens import errorMessage from here with the API; machines import ./error-message directly,
// which keeps RTK and React out of their module graph.
export { errorMessage } from './error-message';

/** What the store hands to every request (thunk extra argument): the bridge to the session machine. */
export interface ApiExtra {
  /** The session's current token (null when signed out); read at the moment a request is sent. */
  getToken(): string | null;
  /**
   * A signed-in call was refused with 401; `message` is the server's msg, if any, and `token` the
   * one the call carried (the session ignores a 401 for a token it has already replaced).
   */
  onUnauthorized(message: string | undefined, token: string): void;
}

/** Per-endpoint options. */
export interface ApiExtraOptions {
  /** Sign-in and password-link calls neither send nor need a token. */
  public?: boolean;
  /** Calls the spec marks "(Bearer)" also carry the token as Authorization: Bearer. */
  bearer?: boolean;
}

/** What baseQuery hands to fetchBaseQuery: the endpoint's options plus the token it read once. */
interface SignedOptions extends ApiExtraOptions {
  token?: string;
}

/** The backend origin every call goes to ('' = this page's). */
export const API_HOST = readRuntimeConfig().apiHost;

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_HOST,
  timeout: REQUEST_TIMEOUT_MS,
  prepareHeaders: (headers, { extraOptions }) => {
    const options = (extraOptions ?? {}) as SignedOptions;
    const token = options.public ? undefined : options.token;
    if (token) headers.set('x-auth-token', token);
    if (token && options.bearer) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

const serverMsg = (error: FetchBaseQueryError): string | undefined => {
  const data = 'data' in error ? error.data : undefined;
  return typeof data === 'object' && data !== null && 'msg' in data && typeof data.msg === 'string'
    ? data.msg
    : undefined;
};

/**
 * Runs `call` with the session's token: the rules every signed-in request follows, whether it goes
 * through fetchBaseQuery or (the CSV upload, for progress) through XMLHttpRequest in a queryFn.
 */
export async function withSessionToken<Result extends { error?: FetchBaseQueryError }>(
  api: Pick<BaseQueryApi, 'extra'>,
  call: (token: string) => Result | PromiseLike<Result>,
): Promise<Result | { error: FetchBaseQueryError; data?: undefined }> {
  const session = api.extra as ApiExtra;
  // Read once: the header and the 401 report name the same token, whatever the session does meanwhile.
  const token = session.getToken();
  // product.md, Input rules: a call that needs a token and has none fails locally with the spec's text.
  if (!token) {
    return { error: { status: 'CUSTOM_ERROR', error: MSG.noToken, data: { msg: MSG.noToken } } };
  }
  const result = await call(token);
  // Public calls never come here: a wrong password is a 401 too, and must not end anything.
  if (result.error?.status === 401) session.onUnauthorized(serverMsg(result.error), token);
  return result;
}

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions> = async (
  args,
  api,
  extraOptions = {},
) => {
  if (extraOptions.public) return rawBaseQuery(args, api, extraOptions);
  return withSessionToken(api, (token) => rawBaseQuery(args, api, { ...extraOptions, token } satisfies SignedOptions));
};

/** The client's single createApi; screens inject their endpoints into it. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Employee', 'Attendance', 'Leave', 'Task', 'Audit', 'PayrollRun', 'AttendanceCorrection', 'PayrollApproval', 'TaxYear', 'TaxDeclaration', 'ImportReport', 'Company', 'Notification'],
  endpoints: () => ({}),
});
