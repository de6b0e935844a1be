/**
 * Every file a screen fetches and saves (a register, a slip, a filing file, a statement, an export):
 *   idle -DOWNLOAD-> checking -> downloading -> idle
 * DOWNLOAD names what to fetch (`request`) and, where a screen has several buttons, which one was
 * pressed (`key`: that button shows busy). `check` may refuse the request before it is sent (a
 * missing month, a backwards range): its message becomes the error and nothing is fetched. A second
 * DOWNLOAD while one is on its way is ignored. A fetched file goes to `save` and stays in `saved`
 * (its name, and anything the endpoint told about it) until the next download; a failure's text, the
 * screen's prefix and the server's msg, stays in `error` and goes to `failed`, which a screen
 * without an inline message makes a toast (use-file-download.ts). Only the fetch, the check and the
 * effects are injected, so this runs headless.
 */
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import type { DownloadedFile } from '../api/download';

export interface FileDownloadContext<Request, File extends DownloadedFile> {
  /** The button of the download being checked or on its way ('' where a screen has one). */
  key: string | null;
  request: Request | null;
  /** The last file saved, until the next download. */
  saved: File | null;
  /** The last refusal or failure, until the next download. */
  error: string | null;
}

export type FileDownloadEvent<Request> = { type: 'DOWNLOAD'; request: Request; key?: string };

export interface FileDownloadOptions<Request> {
  /** The machine's id. */
  id: string;
  /** The failure's text: the screen's prefix and the server's msg or a fallback. */
  failure: (error: unknown, request: Request) => string;
  /** What is wrong with a request, known without asking (a missing month), or null. */
  refuse?: (request: Request) => string | null;
}

/** Builds a download machine; provide `fetchFile` and `save`, and `failed` (and `check`) where used. */
export function createFileDownloadMachine<Request, File extends DownloadedFile = DownloadedFile>({ id, failure, refuse }: FileDownloadOptions<Request>) {
  type Context = FileDownloadContext<Request, File>;
  const failed = ({ context, event }: { context: Context; event: ErrorActorEvent }) => failure(event.error, context.request!);

  // XState cannot tell whether an actor whose input is a type parameter needs one, and so rejects
  // any invoke of it (statelyai/xstate#4855). The invokes are typed here on their own and passed as
  // `never`; the actors and their implementations keep their typed input.
  const invokeCheck = {
    src: 'check',
    input: ({ context }: { context: Context }): Request => context.request!,
    onDone: [
      {
        guard: ({ event }: { event: DoneActorEvent<string | null> }) => event.output !== null,
        target: 'idle',
        actions: assign({ error: ({ event }: { event: DoneActorEvent<string | null> }) => event.output, key: null, request: null }),
      },
      { target: 'downloading' },
    ],
    // The check could not run (its code did not load): the server judges the request.
    onError: 'downloading',
  } as const;
  const invokeFetch = {
    src: 'fetchFile',
    input: ({ context }: { context: Context }): Request => context.request!,
    onDone: {
      target: 'idle',
      actions: [
        { type: 'save', params: ({ event }: { event: DoneActorEvent<File> }) => event.output },
        assign({ saved: ({ event }: { event: DoneActorEvent<File> }) => event.output, key: null, request: null }),
      ],
    },
    onError: {
      target: 'idle',
      actions: [{ type: 'failed', params: failed }, assign({ error: failed, key: null, request: null })],
    },
  } as const;

  return setup({
    types: { context: {} as Context, events: {} as FileDownloadEvent<Request> },
    actors: {
      // A screen whose check needs code of its own (a schema loaded on first use) provides this.
      check: fromPromise<string | null, Request>(async ({ input }) => refuse?.(input) ?? null),
      fetchFile: fromPromise<File, Request>(async () => {
        throw new Error(`${id}: fetchFile actor not provided`);
      }),
    },
    actions: {
      save: (_, _file: File) => {},
      /** Tells a failure where the screen shows no inline message (a toast). */
      failed: (_, _message: string) => {},
    },
  }).createMachine({
    id,
    context: { key: null, request: null, saved: null, error: null },
    initial: 'idle',
    states: {
      idle: {
        on: {
          DOWNLOAD: {
            target: 'checking',
            actions: assign({ key: ({ event }) => event.key ?? '', request: ({ event }) => event.request, saved: null, error: null }),
          },
        },
      },
      checking: { tags: ['busy'], invoke: invokeCheck as never },
      downloading: { tags: ['busy'], invoke: invokeFetch as never },
    },
  });
}

/** A machine built by createFileDownloadMachine. */
export type FileDownloadMachine<Request, File extends DownloadedFile = DownloadedFile> = ReturnType<typeof createFileDownloadMachine<Request, File>>;
