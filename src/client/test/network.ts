/** Network-level fakes for component tests: RTK Query runs for real, only fetch is replaced. */

export const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Handler = (request: Request) => Response | Promise<Response>;

/** Routes each request to `handlers['METHOD /path']`; anything else fails the call loudly. */
export function mockFetch(handlers: Record<string, Handler>) {
  const fetchMock = jest.fn(async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const key = `${request.method} ${new URL(request.url).pathname}`;
    const handler = handlers[key];
    if (!handler) throw new Error(`unexpected request ${key}`);
    return handler(request);
  });
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return {
    fetchMock,
    /** The Requests sent so far, for asserting bodies and headers. */
    requests: () => fetchMock.mock.calls.map(([input]) => input as Request),
  };
}

/** A response the test releases by hand, to observe the in-flight UI. */
export function deferred() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}
