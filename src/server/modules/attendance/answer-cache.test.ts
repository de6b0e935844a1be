import { createAnswerCache } from './answer-cache';

describe('attendance answer cache', () => {
  it('builds each version once, also for requests that arrive while it is being built', async () => {
    const cache = createAnswerCache();
    const build = jest.fn(async () => '[1,2,3]');
    const answers = await Promise.all([cache.get('"a"', build), cache.get('"a"', build), cache.get('"a"', build)]);
    expect(answers).toEqual(['[1,2,3]', '[1,2,3]', '[1,2,3]']);
    await expect(cache.get('"a"', build)).resolves.toBe('[1,2,3]');
    expect(build).toHaveBeenCalledTimes(1);
    await expect(cache.get('"b"', async () => '[4]')).resolves.toBe('[4]');
  });

  it('does not remember a failed build', async () => {
    const cache = createAnswerCache();
    await expect(cache.get('"a"', async () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    await expect(cache.get('"a"', async () => '[]')).resolves.toBe('[]');
  });

  it('keeps within its byte budget, the least recently used leaving first, and never keeps an oversized answer', async () => {
    const cache = createAnswerCache({ maxBytes: 100, maxEntryBytes: 60 });
    const builds: string[] = [];
    const get = (tag: string, size: number) =>
      cache.get(tag, async () => {
        builds.push(tag);
        return 'x'.repeat(size);
      });
    await get('a', 20); // 40 bytes
    await get('b', 20); // 80 bytes
    await get('a', 20); // a used again: b is now the oldest
    await get('c', 20); // 120 bytes > 100: b leaves
    await get('a', 20);
    await get('c', 20);
    await get('b', 20);
    expect(builds).toEqual(['a', 'b', 'c', 'b']);

    await get('big', 40); // 80 bytes > 60 per answer: served, not kept
    await get('big', 40);
    expect(builds.filter((tag) => tag === 'big')).toHaveLength(2);
  });
});
