import { employeeApi } from '../../api/employee-api';
import { makeStore } from '../../app/store';
import { json, mockFetch } from '../../test/network';
import { employeeToken } from '../../test/tokens';
import { needsCurrentEmployee, selectOwnProfileId } from './own-profile-id';

describe('own profile id', () => {
  it("is the token's user.id, without asking the server", () => {
    const token = employeeToken();
    const store = makeStore({ getToken: () => token, onUnauthorized: () => {} });
    expect(needsCurrentEmployee(token)).toBe(false);
    expect(selectOwnProfileId(store.getState(), token)).toBe('2');
  });

  it('for a token without user.id, the _id GET /api/employee/current answers (null until then)', async () => {
    const token = employeeToken({ user: { role: 'employee' } });
    mockFetch({ 'GET /api/employee/current': () => json(200, { _id: '9', name: 'Via Current' }) });
    const store = makeStore({ getToken: () => token, onUnauthorized: () => {} });
    expect(needsCurrentEmployee(token)).toBe(true);
    expect(selectOwnProfileId(store.getState(), token)).toBeNull();
    await store.dispatch(employeeApi.endpoints.getCurrentEmployee.initiate());
    expect(selectOwnProfileId(store.getState(), token)).toBe('9');
  });

  it('without a token there is no profile to show, and nothing to ask', () => {
    const store = makeStore({ getToken: () => null, onUnauthorized: () => {} });
    expect(needsCurrentEmployee(null)).toBe(false);
    expect(selectOwnProfileId(store.getState(), null)).toBeNull();
  });
});
