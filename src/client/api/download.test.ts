import { csvFile, filenameFromDisposition, fileResponseHandler, saveFile } from './download';

describe('filenameFromDisposition', () => {
  it.each([
    ['attachment; filename="salary-slip_EMP0001_2026-10.xlsx"', 'salary-slip_EMP0001_2026-10.xlsx'],
    ['attachment; filename=attendance.csv', 'attendance.csv'],
    ["attachment; filename=\"fallback.csv\"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv", 'résumé.csv'],
    ['attachment; filename="a \\"quoted\\" name.csv"', 'a "quoted" name.csv'],
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment', null],
    ['', null],
    [null, null],
  ])('%s', (header, expected) => expect(filenameFromDisposition(header)).toBe(expected));
});

describe('file downloads', () => {
  const createObjectURL = jest.fn(() => 'blob:http://localhost/abc');
  const revokeObjectURL = jest.fn();
  let clicked: HTMLAnchorElement[];

  beforeEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    createObjectURL.mockClear();
    revokeObjectURL.mockClear();
    clicked = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
      expect(document.body.contains(this)).toBe(true);
    });
  });
  afterEach(() => {
    jest.restoreAllMocks();
    jest.useRealTimers();
  });

  it('a successful body becomes an object URL named from Content-Disposition, else the fallback', async () => {
    const handler = fileResponseHandler('fallback.xlsx');
    const named = new Response('bytes', { headers: { 'content-disposition': 'attachment; filename="slip.xlsx"' } });
    expect(await handler(named)).toEqual({ url: 'blob:http://localhost/abc', filename: 'slip.xlsx' });
    expect(await handler(new Response('bytes'))).toEqual({ url: 'blob:http://localhost/abc', filename: 'fallback.xlsx' });
    const blob = (createObjectURL.mock.calls[0] as unknown as [Blob])[0];
    expect(await blob.text()).toBe('bytes');
  });

  it('an error body is parsed as JSON when it is JSON, else kept as text, and no URL is made', async () => {
    const handler = fileResponseHandler('x');
    expect(await handler(new Response(JSON.stringify({ msg: 'Nope' }), { status: 400 }))).toEqual({ msg: 'Nope' });
    expect(await handler(new Response('<html>bad gateway</html>', { status: 502 }))).toBe('<html>bad gateway</html>');
    expect(createObjectURL).not.toHaveBeenCalled();
  });

  it('saveFile clicks a temporary download link, removes it and revokes the URL later', () => {
    jest.useFakeTimers();
    saveFile({ url: 'blob:http://localhost/abc', filename: 'slip.xlsx' });
    expect(clicked).toHaveLength(1);
    expect(clicked[0]!.getAttribute('href')).toBe('blob:http://localhost/abc');
    expect(clicked[0]!.download).toBe('slip.xlsx');
    expect(document.body.contains(clicked[0]!)).toBe(false);
    expect(revokeObjectURL).not.toHaveBeenCalled();
    jest.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/abc');
  });

  it('saves a CSV built in the browser under the given name', () => {
    saveFile(csvFile('a,b', 'report.csv'));
    expect(clicked[0]!.download).toBe('report.csv');
  });
});
