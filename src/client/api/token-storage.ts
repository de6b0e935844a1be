/**
 * The one place that touches localStorage['token']. Only the session machine's injected storage
 * actions write it; the API layer only reads it to sign requests.
 */
import { TOKEN_STORAGE_KEY } from '../../shared/constants';

export interface TokenStorage {
  read(): string | null;
  write(token: string): void;
  remove(): void;
}

// Private browsing modes and disabled storage throw on access; a session then simply is not kept.
const safely = <T>(fn: () => T, fallback: T): T => {
  try {
    return fn();
  } catch {
    return fallback;
  }
};

export const tokenStorage: TokenStorage = {
  read: () => safely(() => globalThis.localStorage?.getItem(TOKEN_STORAGE_KEY) ?? null, null),
  write: (token) => safely(() => globalThis.localStorage?.setItem(TOKEN_STORAGE_KEY, token), undefined),
  remove: () => safely(() => globalThis.localStorage?.removeItem(TOKEN_STORAGE_KEY), undefined),
};
