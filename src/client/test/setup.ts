/**
 * Client test setup. jsdom has no fetch, and its AbortSignal is not the one Node's fetch accepts,
 * so the network types come from Node's own realm: RTK Query then runs its real fetchBaseQuery and
 * tests mock only `fetch` itself (see test/network.ts).
 */
import '@testing-library/jest-dom';
import { runInThisContext } from 'node:vm';
import { configure } from '@testing-library/react';

// findBy*/waitFor wait for a condition, not a time: a busy 2-core CI machine can take seconds to
// load a lazy screen, so the default 1 s would fail tests that are right. A real hang still fails,
// at jest's test timeout.
configure({ asyncUtilTimeout: 15_000 });

const node = runInThisContext('globalThis') as typeof globalThis;

// The app calls same-origin paths ('/api/...'); Node's Request needs them absolute.
class PageRequest extends node.Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href).href : input, init);
  }
}

Object.assign(globalThis, {
  Request: PageRequest,
  Response: node.Response,
  Headers: node.Headers,
  AbortController: node.AbortController,
  AbortSignal: node.AbortSignal,
  // react-router 7 encodes with these; jsdom does not provide them.
  TextEncoder: node.TextEncoder,
  TextDecoder: node.TextDecoder,
});

const unmockedFetch = () => Promise.reject(new Error('fetch was called but this test did not mock it'));
globalThis.fetch = unmockedFetch;

beforeEach(() => {
  globalThis.fetch = unmockedFetch;
});

afterEach(() => {
  localStorage.clear();
});
