import { createTokenService } from './tokens';

const claims = { role: 'admin' as const, user: { id: '1', role: 'admin' as const }, employeeId: null, tv: 0 };

describe('token service', () => {
  afterEach(() => jest.useRealTimers());

  it('keeps refusing a token once it expires, even after verifying it while it was valid', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-21T10:00:00Z'), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const tokens = createTokenService('a-secret-of-forty-characters-or-so-0123456', 60);
    const token = await tokens.sign(claims);
    await expect(tokens.verify(token)).resolves.toMatchObject({ user: { id: '1' } });
    await expect(tokens.verify(token)).resolves.toMatchObject({ user: { id: '1' } }); // from the cache

    jest.setSystemTime(new Date('2026-11-21T10:01:01Z'));
    await expect(tokens.verify(token)).rejects.toThrow(/exp/);
  });

  it('refuses a token signed with another secret, whatever the first service has verified', async () => {
    const ours = createTokenService('a-secret-of-forty-characters-or-so-0123456');
    const theirs = createTokenService('another-secret-of-forty-characters-or-so-01');
    const token = await theirs.sign(claims);
    await expect(theirs.verify(token)).resolves.toBeTruthy();
    await expect(ours.verify(token)).rejects.toThrow();
  });
});
