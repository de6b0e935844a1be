import { screen, waitFor, within } from '@testing-library/react';
import { PREFIX } from '../../copy';
import { json, mockFetch } from '../../test/network';
import { expectToast, renderApp } from '../../test/render-app';
import { employeeToken } from '../../test/tokens';

const FRAME = {
  'GET /api/employee/me': () => json(200, { name: 'Asha Rao' }),
  'GET /api/employee/current': () =>
    json(200, { _id: '2', employeeId: 'EMP0001', name: 'Asha Rao', email: 'asha@example.com', position: 'Analyst', salary: 50000 }),
};

async function openDashboard(generate: () => Response) {
  const network = mockFetch({ ...FRAME, 'GET /api/salary/generate': generate });
  const app = renderApp({ path: '/employee', token: employeeToken() });
  await screen.findByRole('heading', { level: 1, name: 'Welcome, Asha Rao' });
  const button = within(screen.getByRole('banner')).getByRole('button', { name: 'Download Salary Slip' });
  return { ...app, ...network, button };
}

describe("dashboard 'Download Salary Slip'", () => {
  afterEach(() => jest.restoreAllMocks());

  it('saves the last complete month through /api/salary/generate (no month: the server picks it)', async () => {
    const saved: string[] = [];
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:http://localhost/own'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { button, user, requests, shown } = await openDashboard(
      () => new Response('xlsx', { headers: { 'content-disposition': 'attachment; filename="salary-slip_EMP0001_2026-10.xlsx"' } }),
    );
    await user.click(button);
    await waitFor(() => expect(saved).toEqual(['salary-slip_EMP0001_2026-10.xlsx']));
    const call = requests().find((r) => r.url.includes('/api/salary/generate'))!;
    expect(new URL(call.url).search).toBe('');
    expect(shown()).toEqual([]);
  });

  it("shows 'Error downloading salary slip: ' with the server's msg as an error toast", async () => {
    const { button, user } = await openDashboard(() => json(404, { msg: 'No employee record for this account' }));
    await user.click(button);
    await expectToast(`${PREFIX.downloadSalarySlip}No employee record for this account`, 'error');
  });
});
