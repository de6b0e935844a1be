import { createActor, fromPromise, waitFor } from 'xstate';
import type { DownloadedFile } from '../api/download';
import { createFileDownloadMachine } from './file-download-machine';

interface Request {
  month: string;
}

const machine = createFileDownloadMachine<Request>({
  id: 'register',
  failure: (e, r) => `Error downloading ${r.month}: ${(e as Error).message}`,
});

function start(fetch: (r: Request) => Promise<DownloadedFile>, check?: (r: Request) => Promise<string | null>) {
  const fetched: Request[] = [];
  const saved: DownloadedFile[] = [];
  const failed: string[] = [];
  const actor = createActor(
    machine.provide({
      actors: {
        fetchFile: fromPromise<DownloadedFile, Request>(({ input }) => (fetched.push(input), fetch(input))),
        ...(check && { check: fromPromise<string | null, Request>(({ input }) => check(input)) }),
      },
      actions: { save: (_, file) => saved.push(file), failed: (_, message) => failed.push(message) },
    }),
  ).start();
  const idle = () => waitFor(actor, (s) => s.matches('idle'));
  return { actor, fetched, saved, failed, idle };
}

const FILE = { url: 'blob:1', filename: 'register_2026-10.csv' };

describe('file download machine', () => {
  it('fetches the request, saves the file and keeps it, busy on the pressed button meanwhile', async () => {
    const { actor, fetched, saved, failed, idle } = start(() => Promise.resolve(FILE));
    actor.send({ type: 'DOWNLOAD', request: { month: '2026-10' }, key: 'csv' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    expect(actor.getSnapshot().context.key).toBe('csv');
    await idle();
    expect(fetched).toEqual([{ month: '2026-10' }]);
    expect(saved).toEqual([FILE]);
    expect(failed).toEqual([]);
    expect(actor.getSnapshot().context).toEqual({ key: null, request: null, saved: FILE, error: null });
  });

  it('ignores a second DOWNLOAD while one is on its way', async () => {
    let answer: (file: DownloadedFile) => void = () => {};
    const { actor, fetched, saved, idle } = start(() => new Promise((resolve) => (answer = resolve)));
    actor.send({ type: 'DOWNLOAD', request: { month: '2026-10' } });
    await waitFor(actor, (s) => s.matches('downloading'));
    actor.send({ type: 'DOWNLOAD', request: { month: '2026-09' } });
    answer(FILE);
    await idle();
    expect(fetched).toEqual([{ month: '2026-10' }]);
    expect(saved).toHaveLength(1);
  });

  it('sends nothing the check refuses, and shows its message', async () => {
    const { actor, fetched, failed, idle } = start(
      () => Promise.resolve(FILE),
      async (r) => (r.month ? null : 'Choose a month'),
    );
    actor.send({ type: 'DOWNLOAD', request: { month: '' } });
    await idle();
    expect(fetched).toEqual([]);
    expect(actor.getSnapshot().context.error).toBe('Choose a month');
    // The check's message is the screen's own: it is not also toasted.
    expect(failed).toEqual([]);
    actor.send({ type: 'DOWNLOAD', request: { month: '2026-10' } });
    await idle();
    expect(fetched).toEqual([{ month: '2026-10' }]);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('lets the server judge when the check cannot run', async () => {
    const { actor, fetched, idle } = start(
      () => Promise.resolve(FILE),
      () => Promise.reject(new Error('chunk failed to load')),
    );
    actor.send({ type: 'DOWNLOAD', request: { month: '2026-10' } });
    await idle();
    expect(fetched).toEqual([{ month: '2026-10' }]);
  });

  it('words a failure with its request, hands it to `failed`, and forgets it on the next download', async () => {
    let fail = true;
    const { actor, saved, failed, idle } = start(() => (fail ? Promise.reject(new Error('Month not approved')) : Promise.resolve(FILE)));
    actor.send({ type: 'DOWNLOAD', request: { month: '2026-11' } });
    await idle();
    expect(saved).toEqual([]);
    expect(failed).toEqual(['Error downloading 2026-11: Month not approved']);
    expect(actor.getSnapshot().context.error).toBe('Error downloading 2026-11: Month not approved');
    fail = false;
    actor.send({ type: 'DOWNLOAD', request: { month: '2026-10' } });
    expect(actor.getSnapshot().context.error).toBeNull();
    await idle();
    expect(actor.getSnapshot().context.saved).toEqual(FILE);
  });
});
