import { TOKEN_STORAGE_KEY } from '../../shared/constants';
import { tokenStorage } from './token-storage';

// What the browser delivers to the OTHER tabs of the origin when one of them changes localStorage.
const fromAnotherTab = (init: StorageEventInit) => window.dispatchEvent(new StorageEvent('storage', init));

describe('token storage', () => {
  it("reads, writes and removes localStorage['token']", () => {
    expect(tokenStorage.read()).toBeNull();
    tokenStorage.write('a.b.c');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('a.b.c');
    expect(tokenStorage.read()).toBe('a.b.c');
    tokenStorage.remove();
    expect(tokenStorage.read()).toBeNull();
  });

  it("reports another tab's changes to the token: the new value, or null when removed or cleared", () => {
    const seen: (string | null)[] = [];
    const unsubscribe = tokenStorage.subscribe((token) => seen.push(token));
    fromAnotherTab({ key: TOKEN_STORAGE_KEY, oldValue: null, newValue: 'their.token', storageArea: localStorage });
    fromAnotherTab({ key: TOKEN_STORAGE_KEY, oldValue: 'their.token', newValue: null, storageArea: localStorage });
    fromAnotherTab({ key: null, storageArea: localStorage });
    // Other keys, and sessionStorage (which fires the same event), are not the session.
    fromAnotherTab({ key: 'theme', newValue: 'dark', storageArea: localStorage });
    fromAnotherTab({ key: TOKEN_STORAGE_KEY, newValue: 'not.ours', storageArea: sessionStorage });
    expect(seen).toEqual(['their.token', null, null]);

    unsubscribe();
    fromAnotherTab({ key: TOKEN_STORAGE_KEY, newValue: 'later.token', storageArea: localStorage });
    expect(seen).toHaveLength(3);
  });
});
