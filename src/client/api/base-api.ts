/**
 * The one RTK Query API of the client (ARCHITECTURE section 5): every call goes to the configured
 * host with a 10-second timeout, carries the session's token in x-auth-token, and a 401 ends the
 * session once, here, instead of in every screen. Features add endpoints with injectEndpoints.
 *
 * The token comes from the session machine through the store's extra argument (ApiExtra.getToken),
 * never from localStorage: storage is shared by every tab of the browser, so reading it would let
 * one tab act for whoever signed in last in another.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
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

/**
 * The store's extra argument itself, for the few requests made outside RTK Query (the CSV upload's
 * XMLHttpRequest): `dispatch(apiExtra())` hands back the same bridge to the session.
 */
export const apiExtra =
  (): ThunkAction<ApiExtra, unknown, ApiExtra, UnknownAction> =>
  (_dispatch, _getState, extra) =>
    extra;

/** What baseQuery hands to fetchBaseQuery: the endpoint's options plus the token it read once. */
interface SignedOptions extends ApiExtraOptions {
  token?: string;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: readRuntimeConfig().apiHost,
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

const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ApiExtraOptions> = async (
  args,
  api,
  extraOptions = {},
) => {
  if (extraOptions.public) return rawBaseQuery(args, api, extraOptions);
  const session = api.extra as ApiExtra;
  // Read once: the header and the 401 report name the same token, whatever the session does meanwhile.
  const token = session.getToken();
  // Spec section 5: a call that needs a token and has none fails locally with the spec's text.
  if (!token) {
    return { error: { status: 'CUSTOM_ERROR', error: MSG.noToken, data: { msg: MSG.noToken } } };
  }
  const signed: SignedOptions = { ...extraOptions, token };
  const result = await rawBaseQuery(args, api, signed);
  // Public calls are excluded above: a wrong password is a 401 too, and must not end anything.
  if (result.error?.status === 401) session.onUnauthorized(serverMsg(result.error), token);
  return result;
};

/** The client's single createApi; screens inject their endpoints into it. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Employee', 'Attendance', 'Leave', 'Task', 'Audit', 'PayrollRun'],
  endpoints: () => ({}),
});
