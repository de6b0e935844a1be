/**
 * The one place that touches localStorage['token'], which only persists the session between page
 * loads (spec). The session machine owns the token: its injected actions write and remove it, the
 * app reads it once at start, and other tabs' changes come back to the machine through subscribe().
 * Requests never read it (they ask the session), so a tab keeps acting as the person it shows.
 */
import { TOKEN_STORAGE_KEY } from '../../shared/constants';

export interface TokenStorage {
  read(): string | null;
  write(token: string): void;
  remove(): void;
  /**
   * Calls `onChange` with the new value whenever ANOTHER tab of this origin changes the token (the
   * browser's `storage` event never fires in the tab that wrote); null when it was removed.
   * Returns the unsubscribe function.
   */
  subscribe(onChange: (token: string | null) => void): () => void;
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
  subscribe: (onChange) => {
    const onStorage = (event: StorageEvent) => {
      // sessionStorage changes fire the same event; only localStorage holds the token.
      const local = safely(() => globalThis.localStorage, null);
      if (event.storageArea && event.storageArea !== local) return;
      if (event.key === TOKEN_STORAGE_KEY) onChange(event.newValue);
      // A null key is localStorage.clear() in the other tab: the token went with everything else.
      else if (event.key === null) onChange(null);
    };
    globalThis.addEventListener?.('storage', onStorage);
    return () => globalThis.removeEventListener?.('storage', onStorage);
  },
};
