/**
 * The uploadEmployeesCsv mutation, through a real store: its XMLHttpRequest (a FakeXhr in place of
 * the browser's), the session's token and 401 hand-off, the answers as RTK Query results, and the
 * list it invalidates (counted as requests).
 */
import { waitFor } from '@testing-library/react';
import { MSG } from '../../copy';
import { makeStore } from '../../app/store';
import { FakeXhr, installFakeXhr } from '../../test/fake-xhr';
import { json, mockFetch } from '../../test/network';
import type { CsvUploadProgress } from './csv-upload-request';
import { employeeApi } from '../../api/employee-api';
import { employeesApi } from './employees-api';

installFakeXhr();

function run(token: string | null = 'the.token.sig') {
  const onUnauthorized = jest.fn();
  const store = makeStore({ getToken: () => token, onUnauthorized });
  const reports: CsvUploadProgress[] = [];
  const file = new File(['name,email\n'], 'staff.csv', { type: 'text/csv' });
  // As the upload machine dispatches it (fromMutation): untracked.
  const request = store.dispatch(
    employeesApi.endpoints.uploadEmployeesCsv.initiate({ file, onProgress: (p) => reports.push(p) }, { track: false }),
  );
  const outcome = request.unwrap().then(
    (data) => ({ data }),
    (error: unknown) => ({ error }),
  );
  /** The request, once the mutation's queryFn has opened it. */
  const xhr = async () => {
    await waitFor(() => expect(FakeXhr.last).toBeDefined());
    return FakeXhr.last!;
  };
  return { store, request, outcome, reports, onUnauthorized, xhr };
}

describe('csv upload mutation (XMLHttpRequest)', () => {
  it("posts the file as multipart field 'file' with the session's x-auth-token", async () => {
    const { xhr } = run();
    const sent = await xhr();
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/api/employee/upload');
    expect(sent.headers).toEqual({ 'x-auth-token': 'the.token.sig' });
    const body = sent.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('staff.csv');
  });

  it('reports progress and the end of the upload, then settles with the answer', async () => {
    const { xhr, reports, outcome } = run();
    const sent = await xhr();
    sent.progress(5, 10);
    sent.sent();
    sent.answer(200, JSON.stringify({ msg: 'Added 3 of 5 employees', errors: ['Row 2: x', 7] }));
    expect(reports).toEqual([{ type: 'UPLOAD.PROGRESS', loaded: 5, total: 10 }, { type: 'UPLOAD.SENT' }]);
    expect(await outcome).toEqual({ data: { msg: 'Added 3 of 5 employees', errors: ['Row 2: x'] } });
  });

  it('a 4xx fails with its msg, as RTK Query errors do', async () => {
    const { xhr, outcome, onUnauthorized } = run();
    (await xhr()).answer(413, JSON.stringify({ msg: 'The CSV file is larger than the 10 MB limit' }));
    expect(await outcome).toEqual({ error: { status: 413, data: { msg: 'The CSV file is larger than the 10 MB limit' } } });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a 401 also ends the session, like every other call', async () => {
    const { xhr, outcome, onUnauthorized } = run();
    (await xhr()).answer(401, JSON.stringify({ msg: 'Invalid or expired session. Please log in again.' }));
    await outcome;
    expect(onUnauthorized).toHaveBeenCalledWith('Invalid or expired session. Please log in again.', 'the.token.sig');
  });

  it('a 200 that is not the expected JSON is a parsing error, not a success', async () => {
    const { xhr, outcome } = run();
    (await xhr()).answer(200, '<html>proxy</html>');
    expect(await outcome).toEqual({ error: expect.objectContaining({ status: 'PARSING_ERROR' }) });
  });

  it('a network failure is a FETCH_ERROR', async () => {
    const { xhr, outcome } = run();
    (await xhr()).fail();
    expect(await outcome).toEqual({ error: { status: 'FETCH_ERROR', error: 'upload failed' } });
  });

  it('without a token it fails locally with the spec text and sends nothing', async () => {
    const { outcome } = run(null);
    expect(await outcome).toEqual({ error: { status: 'CUSTOM_ERROR', error: MSG.noToken, data: { msg: MSG.noToken } } });
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('aborting the mutation aborts a request still running, not a finished one', async () => {
    const first = run();
    const running = await first.xhr();
    first.request.abort();
    await first.outcome;
    expect(running.aborted).toBe(true);

    FakeXhr.reset();
    const second = run();
    const finished = await second.xhr();
    finished.answer(200, JSON.stringify({ msg: 'ok', errors: [] }));
    await second.outcome;
    second.request.abort();
    expect(finished.aborted).toBe(false);
  });

  it('an import that ran refreshes the employee list; a refused file does not', async () => {
    const { requests } = mockFetch({ 'GET /api/employee': () => json(200, []) });
    const listFetches = () => requests().filter((r) => r.method === 'GET').length;
    const ok = run();
    // Someone is looking at the list.
    ok.store.dispatch(employeeApi.endpoints.getEmployees.initiate());
    await waitFor(() => expect(listFetches()).toBe(1));
    (await ok.xhr()).answer(200, JSON.stringify({ msg: 'Added 1 of 1 employees', errors: [] }));
    await ok.outcome;
    await waitFor(() => expect(listFetches()).toBe(2));

    FakeXhr.reset();
    const refused = run();
    refused.store.dispatch(employeeApi.endpoints.getEmployees.initiate());
    await waitFor(() => expect(listFetches()).toBe(3));
    (await refused.xhr()).answer(400, JSON.stringify({ msg: 'The CSV file is missing the column(s): salary' }));
    await refused.outcome;
    // Settled and seen: nothing further was asked for (a refetch would have been dispatched by now).
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(listFetches()).toBe(3);
  });
});
