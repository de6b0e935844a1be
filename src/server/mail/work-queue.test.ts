import { createWorkQueue, forEachLimit } from './work-queue';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('createWorkQueue', () => {
  it('runs jobs in order with at most `concurrency` at once and reports failures without stopping', async () => {
    const errors: unknown[] = [];
    const queue = createWorkQueue({ concurrency: 2, onError: (e) => errors.push(e) });
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    for (let i = 0; i < 8; i++) {
      queue.push(async () => {
        started.push(i);
        running += 1;
        peak = Math.max(peak, running);
        await tick();
        running -= 1;
        if (i === 3) throw new Error('job 3 failed');
      });
    }
    expect(queue.size).toBe(8);
    await queue.idle();
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(2);
    expect(errors).toEqual([new Error('job 3 failed')]);
    expect(queue.size).toBe(0);
  });

  it('is idle at once when empty, and a synchronous throw is reported too', async () => {
    const errors: unknown[] = [];
    const queue = createWorkQueue({ concurrency: 1, onError: (e) => errors.push(e) });
    await queue.idle();
    queue.push(() => {
      throw new Error('sync');
    });
    await queue.idle();
    expect(errors).toHaveLength(1);
  });

  it('on close drops what has not started, lets the running job finish and ignores later pushes', async () => {
    const queue = createWorkQueue({ concurrency: 1, onError: () => {} });
    const done: number[] = [];
    for (let i = 0; i < 5; i++) {
      queue.push(async () => {
        await tick();
        done.push(i);
      });
    }
    await queue.close();
    queue.push(async () => {
      done.push(99);
    });
    await queue.idle();
    expect(done).toEqual([0]);
  });
});

describe('forEachLimit', () => {
  it('visits every item once with bounded concurrency', async () => {
    let running = 0;
    let peak = 0;
    const seen: number[] = [];
    await forEachLimit([10, 20, 30, 40, 50], 3, async (item, index) => {
      running += 1;
      peak = Math.max(peak, running);
      await tick();
      seen[index] = item;
      running -= 1;
    });
    expect(seen).toEqual([10, 20, 30, 40, 50]);
    expect(peak).toBe(3);
    await forEachLimit([], 3, async () => {
      throw new Error('never called');
    });
  });

  it('starts nothing more once shouldStop says so, and waits for the calls in flight', async () => {
    const started: number[] = [];
    const finished: number[] = [];
    let stop = false;
    await forEachLimit(
      [1, 2, 3, 4, 5, 6],
      2,
      async (item) => {
        started.push(item);
        if (item === 2) stop = true;
        await tick();
        finished.push(item);
      },
      { shouldStop: () => stop },
    );
    expect(started).toEqual([1, 2]);
    expect(finished.sort()).toEqual([1, 2]);
  });

  it('stops taking items after a failure, lets the others finish, then rethrows the first error', async () => {
    const finished: number[] = [];
    const run = forEachLimit([1, 2, 3, 4, 5, 6], 2, async (item) => {
      await tick();
      if (item === 1) throw new Error('first');
      if (item === 3) throw new Error('second');
      finished.push(item);
    });
    await expect(run).rejects.toThrow('first');
    // Item 2 was in flight when 1 failed; nothing after them was started.
    expect(finished).toEqual([2]);
  });
});
