/** The approved month's filing files on the Payroll Register: four labelled buttons, their progress, who a file left out, and the server's msg on a failure. */
import { screen, waitFor } from '@testing-library/react';
import { deferred, json, mockFetch } from '../../test/network';
import { expectToast, renderInApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { parseLeftOut } from './payroll-files-api';
import { PayrollFilesGroup } from './payroll-files-group';

const file = (name: string, leftOut: unknown[] = []) =>
  new Response('100427607286#~#Kavya Nair#~#18000', {
    status: 200,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'content-disposition': `attachment; filename="${name}"`, 'x-left-out': encodeURIComponent(JSON.stringify(leftOut)) },
  });

describe('PayrollFilesGroup', () => {
  let saved: string[];
  beforeEach(() => {
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:http://localhost/file'), revokeObjectURL: jest.fn() });
    saved = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('offers the four files by name, saves one, says who it left out, and is busy while it downloads', async () => {
    const ecr = deferred();
    const network = mockFetch({
      'GET /api/salary/files/2026-10/ecr': () => ecr.promise,
      'GET /api/salary/files/2026-10/bank': () => file('bank-transfer_2026-10.csv'),
    });
    const { user } = renderInApp(<PayrollFilesGroup month="2026-10" monthLabel="October 2026" />, adminToken());
    expect(screen.getByRole('heading', { name: 'Files to upload' })).toBeInTheDocument();
    const names = ['EPFO ECR (.txt)', 'ESI contribution (.xlsx)', 'Professional tax (.csv)', 'Bank transfer (.csv)'];
    for (const name of names) expect(screen.getByRole('button', { name })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Bank transfer (.csv)' })).toHaveAccessibleDescription('Net pay to full account numbers; each download is audited');

    // Keyboard: Tab to the first button, Enter starts it; it shows its progress and cannot be pressed twice.
    await user.tab();
    expect(screen.getByRole('button', { name: 'EPFO ECR (.txt)' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'Downloading...' })).toBeDisabled();
    ecr.release(file('ECR_2026-10.txt', [{ employeeId: 'EMP0004', reason: 'no UAN' }]));
    await waitFor(() => expect(saved).toEqual(['ECR_2026-10.txt']));
    expect(screen.getByRole('status')).toHaveTextContent('Saved ECR_2026-10.txt. Left out: EMP0004 (no UAN).');
    expect(screen.getByRole('button', { name: 'EPFO ECR (.txt)' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Bank transfer (.csv)' }));
    await waitFor(() => expect(saved).toEqual(['ECR_2026-10.txt', 'bank-transfer_2026-10.csv']));
    expect(screen.getByRole('status')).toHaveTextContent(/^Saved bank-transfer_2026-10.csv.$/);
    expect(network.requests().map((r) => new URL(r.url).pathname)).toEqual(['/api/salary/files/2026-10/ecr', '/api/salary/files/2026-10/bank']);
  });

  it("shows the server's msg when a file is refused", async () => {
    mockFetch({ 'GET /api/salary/files/2026-10/esi': () => json(409, { msg: 'October 2026 is not approved yet' }) });
    const { user } = renderInApp(<PayrollFilesGroup month="2026-10" monthLabel="October 2026" />, adminToken());
    await user.click(screen.getByRole('button', { name: 'ESI contribution (.xlsx)' }));
    await expectToast('Error downloading the ESI sheet: October 2026 is not approved yet', 'error');
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'ESI contribution (.xlsx)' })).toBeEnabled();
  });

  it('reads the left-out header, ignoring what it cannot read', () => {
    expect(parseLeftOut(encodeURIComponent('[{"employeeId":"EMP1","reason":"no UAN"},{"x":1}]'))).toEqual([{ employeeId: 'EMP1', reason: 'no UAN' }]);
    expect(parseLeftOut('%E0%A4%A')).toEqual([]);
    expect(parseLeftOut(null)).toEqual([]);
  });
});
