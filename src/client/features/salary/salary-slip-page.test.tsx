import { within, fireEvent, screen, waitFor } from '@testing-library/react';
import { PREFIX } from '../../copy';
import { SALARY_UI } from './salary-copy';
import { deferred, json, mockFetch } from '../../test/network';
import { renderApp } from '../../test/render-app';
import { FEEDBACK_UI } from '../../feedback/feedback-copy';
import { employeeToken } from '../../test/tokens';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// The employee frame's own calls, answered so only the slip calls matter here.
const FRAME = {
  'GET /api/employee/me': () => json(200, { name: 'Asha Rao' }),
  'GET /api/salary/slips/EMP0001': () =>
    json(200, {
      employeeId: 'EMP0001',
      slips: [
        {
          month: '2026-10',
          monthLabel: 'October 2026',
          version: 2,
          versions: [
            { version: 1, storedAt: '2026-11-02T05:30:00.000Z', reason: null, net: 48000 },
            { version: 2, storedAt: '2026-11-20T05:30:00.000Z', reason: 'Late leave', net: 46000 },
          ],
        },
        { month: '2026-09', monthLabel: 'September 2026', version: 1, versions: [{ version: 1, storedAt: '2026-10-02T05:30:00.000Z', reason: null, net: 48000 }] },
      ],
    }),
  'GET /api/employee/current': () =>
    json(200, { _id: '2', employeeId: 'EMP0001', name: 'Asha Rao', email: 'asha@example.com', position: 'Analyst', salary: 50000 }),
};

const slip = (headers: Record<string, string> = {}) =>
  new Response(new Uint8Array([0x50, 0x4b, 0x03, 0x04]), { status: 200, headers: { 'content-type': XLSX, ...headers } });

function watchDownloads() {
  const saved: { href: string; download: string }[] = [];
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:http://localhost/slip'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
  return saved;
}

async function openPage(handlers: Parameters<typeof mockFetch>[0] = {}) {
  const network = mockFetch({ ...FRAME, ...handlers });
  const app = renderApp({ path: '/employee/salary', token: employeeToken() });
  await screen.findByRole('heading', { name: SALARY_UI.slipTitle, level: 2 });
  const main = screen.getByRole('main');
  const button = () => main.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const chooseMonth = (value: string) => fireEvent.change(screen.getByLabelText(SALARY_UI.month), { target: { value } });
  // Downloads only: the list of available months is read on opening.
  const slipCalls = () => network.requests().filter((r) => r.url.includes('/api/salary/') && !r.url.includes('/api/salary/slips/'));
  return { ...app, ...network, button, chooseMonth, slipCalls };
}

describe('Salary Slip page', () => {
  it('lists the months whose slips are available, a revised one with its versions', async () => {
    await openPage();
    const list = await screen.findByRole('region', { name: 'Available slips' });
    expect(await within(list).findByText('October 2026')).toBeInTheDocument();
    expect(within(list).getByText('(revised, version 2)')).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Version 1 PDF' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Version 2 (latest) PDF' })).toBeInTheDocument();
    expect(within(list).getByText('September 2026')).toBeInTheDocument();
  });

  it("keeps a version's refusal under the list, where a phone's toast would cover the buttons", async () => {
    const { user } = await openPage({ 'GET /api/salary/slip/EMP0001/2026-10': () => json(503, { msg: 'Slips are being re-run; try again shortly' }) });
    const list = await screen.findByRole('region', { name: 'Available slips' });
    await user.click(await within(list).findByRole('button', { name: 'Version 1 PDF' }));
    expect(await within(list).findByRole('alert')).toHaveTextContent('Error downloading the slip: Slips are being re-run; try again shortly');
    expect(screen.queryByRole('region', { name: 'Notifications' })).toBeNull();
  });

  afterEach(() => jest.restoreAllMocks());

  it('has a labelled month picker and keeps Download Salary Slip disabled until a month is chosen', async () => {
    const { button, chooseMonth, user, slipCalls } = await openPage();
    const picker = screen.getByLabelText(SALARY_UI.month);
    expect(picker).toHaveAttribute('type', 'month');
    expect(button()).toHaveTextContent('Download Salary Slip');
    expect(button()).toBeDisabled();
    await user.click(button());
    expect(slipCalls()).toHaveLength(0);
    chooseMonth('2026-10');
    expect(button()).toBeEnabled();
    chooseMonth('');
    expect(button()).toBeDisabled();
  });

  it("downloads the employee's own slip for the month and saves it under the server's file name", async () => {
    const saved = watchDownloads();
    const { button, chooseMonth, user, slipCalls } = await openPage({
      'GET /api/salary/slip/EMP0001/2026-10': () => slip({ 'content-disposition': 'attachment; filename="salary-slip_EMP0001_2026-10.xlsx"' }),
    });
    chooseMonth('2026-10');
    await user.click(button());
    expect(await screen.findByText(SALARY_UI.saved('salary-slip_EMP0001_2026-10.xlsx'))).toBeInTheDocument();
    expect(saved).toEqual([{ href: 'blob:http://localhost/slip', download: 'salary-slip_EMP0001_2026-10.xlsx' }]);
    const [call] = slipCalls();
    expect(new URL(call!.url).pathname).toBe('/api/salary/slip/EMP0001/2026-10');
    expect(call!.headers.get('x-auth-token')).toBe(localStorage.getItem('token'));
  });

  it('offers Download PDF beside it: the same call with ?format=pdf, saved as the .pdf', async () => {
    const saved = watchDownloads();
    const { chooseMonth, user, slipCalls } = await openPage({
      'GET /api/salary/slip/EMP0001/2026-10': () =>
        new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46]), { status: 200, headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="salary-slip_EMP0001_2026-10.pdf"' } }),
    });
    const pdf = screen.getByRole('button', { name: SALARY_UI.downloadPdf });
    expect(pdf).toBeDisabled();
    chooseMonth('2026-10');
    expect(pdf).toBeEnabled();
    expect(screen.getByRole('main').querySelector('button[type="submit"]')).toHaveTextContent('Download Salary Slip');
    await user.click(pdf);
    expect(await screen.findByText(SALARY_UI.saved('salary-slip_EMP0001_2026-10.pdf'))).toBeInTheDocument();
    expect(saved).toEqual([{ href: 'blob:http://localhost/slip', download: 'salary-slip_EMP0001_2026-10.pdf' }]);
    const [call] = slipCalls();
    expect(new URL(call!.url).pathname).toBe('/api/salary/slip/EMP0001/2026-10');
    expect(new URL(call!.url).searchParams.get('format')).toBe('pdf');
  });

  it('names the file salary-slip_{employeeId}_{month}.xlsx when the server sends no name', async () => {
    const saved = watchDownloads();
    const { button, chooseMonth, user } = await openPage({ 'GET /api/salary/slip/EMP0001/2026-09': () => slip() });
    chooseMonth('2026-09');
    await user.click(button());
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.download).toBe('salary-slip_EMP0001_2026-09.xlsx');
  });

  it('disables the button while the slip downloads', async () => {
    watchDownloads();
    const pending = deferred();
    const { button, chooseMonth, user } = await openPage({ 'GET /api/salary/slip/EMP0001/2026-10': () => pending.promise });
    chooseMonth('2026-10');
    await user.click(button());
    await waitFor(() => expect(button()).toBeDisabled());
    expect(button()).toHaveTextContent(SALARY_UI.downloading);
    pending.release(slip());
    await waitFor(() => expect(button()).toBeEnabled());
  });

  it("shows 'Error downloading salary slip: ' with the server's msg as an alert under the buttons, not a toast", async () => {
    const saved = watchDownloads();
    const { button, chooseMonth, user } = await openPage({
      'GET /api/salary/slip/EMP0001/2026-10': () =>
        json(400, { msg: 'There is no salary slip for October 2026: the employee joined on 2026-11-02' }),
    });
    chooseMonth('2026-10');
    await user.click(button());
    const text = `${PREFIX.downloadSalarySlip}There is no salary slip for October 2026: the employee joined on 2026-11-02`;
    const card = screen.getByRole('region', { name: SALARY_UI.slipTitle });
    expect(await within(card).findByRole('alert')).toHaveTextContent(text);
    // No toast: on a phone it would sit over the list of available months.
    expect(screen.queryByRole('region', { name: FEEDBACK_UI.notifications })).toBeNull();
    expect(saved).toEqual([]);
    expect(button()).toBeEnabled();
    // Another month: the alert is about the last one, so it goes.
    chooseMonth('2026-09');
    expect(within(card).queryByRole('alert')).toBeNull();
  });
});
