import { createActor, setup, type EventObject } from 'xstate';
import { MSG } from '../../../shared/messages';
import type { CsvUploadReport } from './csv-upload-machine';
import { createCsvUploader } from './csv-upload-request';
import { FakeXhr } from '../../test/fake-xhr';

function run(token: string | null = 'the.token.sig') {
  const onUnauthorized = jest.fn();
  const reports: CsvUploadReport[] = [];
  const upload = createCsvUploader({
    apiHost: 'https://hr.example',
    session: { getToken: () => token, onUnauthorized },
    createXhr: () => new FakeXhr() as unknown as XMLHttpRequest,
  });
  // A parent that only records what the upload actor reports.
  const parent = setup({ actors: { upload } }).createMachine({
    invoke: { src: 'upload', input: { file: new File(['name,email\n'], 'staff.csv', { type: 'text/csv' }) } },
    on: { '*': { actions: ({ event }: { event: EventObject }) => reports.push(event as CsvUploadReport) } },
  });
  const actor = createActor(parent).start();
  return { actor, reports, onUnauthorized, xhr: () => FakeXhr.last! };
}

describe('csv upload request (XMLHttpRequest)', () => {
  it("posts the file as multipart field 'file' with the x-auth-token header", () => {
    const { xhr } = run();
    expect(xhr().method).toBe('POST');
    expect(xhr().url).toBe('https://hr.example/api/employee/upload');
    expect(xhr().headers).toEqual({ 'x-auth-token': 'the.token.sig' });
    const body = xhr().body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('staff.csv');
  });

  it('reports progress, the end of the upload, and the answer', () => {
    const { xhr, reports } = run();
    xhr().progress(5, 10);
    xhr().sent();
    xhr().answer(200, JSON.stringify({ msg: 'Added 3 of 5 employees', errors: ['Row 2: x', 7] }));
    expect(reports).toEqual([
      { type: 'UPLOAD.PROGRESS', loaded: 5, total: 10 },
      { type: 'UPLOAD.SENT' },
      { type: 'UPLOAD.DONE', result: { msg: 'Added 3 of 5 employees', errors: ['Row 2: x'] } },
    ]);
  });

  it('hands a 4xx with its msg to the machine', () => {
    const { xhr, reports, onUnauthorized } = run();
    xhr().answer(413, JSON.stringify({ msg: 'The CSV file is larger than the 10 MB limit' }));
    expect(reports).toEqual([
      { type: 'UPLOAD.FAILED', error: { status: 413, data: { msg: 'The CSV file is larger than the 10 MB limit' } } },
    ]);
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('a 401 also ends the session, like every other call', () => {
    const { xhr, onUnauthorized } = run();
    xhr().answer(401, JSON.stringify({ msg: 'Invalid or expired session. Please log in again.' }));
    expect(onUnauthorized).toHaveBeenCalledWith('Invalid or expired session. Please log in again.', 'the.token.sig');
  });

  it('a 200 that is not the expected JSON is a parsing error, not a success', () => {
    const { xhr, reports } = run();
    xhr().answer(200, '<html>proxy</html>');
    expect(reports).toEqual([{ type: 'UPLOAD.FAILED', error: expect.objectContaining({ status: 'PARSING_ERROR' }) }]);
  });

  it('a network failure is a FETCH_ERROR', () => {
    const { xhr, reports } = run();
    xhr().fail();
    expect(reports).toEqual([{ type: 'UPLOAD.FAILED', error: { status: 'FETCH_ERROR', error: 'upload failed' } }]);
  });

  it('without a token it fails locally with the spec text and sends nothing', () => {
    FakeXhr.reset();
    const { reports } = run(null);
    expect(reports).toEqual([
      { type: 'UPLOAD.FAILED', error: { status: 'CUSTOM_ERROR', error: MSG.noToken, data: { msg: MSG.noToken } } },
    ]);
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('stopping the actor aborts a request still running, not a finished one', () => {
    const first = run();
    first.actor.stop();
    expect(first.xhr().aborted).toBe(true);
    const second = run();
    second.xhr().answer(200, JSON.stringify({ msg: 'ok', errors: [] }));
    second.actor.stop();
    expect(second.xhr().aborted).toBe(false);
  });
});
