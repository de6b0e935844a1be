import { screen, within } from '@testing-library/react';
import { GENERIC_BANK_FORMAT, type BankFormat, type PayrollSettings } from '../../../shared/schemas/payroll-payments';
import { json, mockFetch } from '../../test/network';
import { expectToast, renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { dashboardFrame } from '../../test/fixtures';

const STORED: PayrollSettings = { slipEmailAttachXlsx: false, slipRelease: 'approval', bankFormat: GENERIC_BANK_FORMAT };
const SAVE_ECHOES: Parameters<typeof mockFetch>[0] = { 'PUT /api/salary/settings': async (req) => json(200, await req.clone().json()) };

/** The Payroll settings screen over the stored settings; the server answers `routes` besides. */
function openSettings(routes: Parameters<typeof mockFetch>[0]) {
  const { requests } = mockFetch({ ...dashboardFrame(), 'GET /api/salary/settings': () => json(200, STORED), ...routes });
  const { user } = renderApp({ path: '/admin/payroll-settings', token: adminToken() });
  return { requests, user };
}

describe('Payroll settings', () => {
  it('sets slips to go out on release and a column template, checked like the server before it is sent', async () => {
    const { requests, user } = openSettings(SAVE_ECHOES);
    expect(await screen.findByRole('heading', { name: 'Payroll settings' })).toBeInTheDocument();
    await user.click(await screen.findByLabelText(/^On release/));
    await user.click(screen.getByLabelText(/^Column template/));
    // The generic columns to start from, in order.
    const columns = within(screen.getByRole('list', { name: 'Columns, in file order' })).getAllByRole('listitem');
    expect(columns).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Move up column 3' }));
    await user.click(screen.getByRole('button', { name: 'Add a column' }));
    await user.selectOptions(screen.getByLabelText('Holds (column 6)'), 'debitAccount');
    await user.click(screen.getByRole('button', { name: 'Save payroll settings' }));
    // A debit account column needs the account: refused in the form, nothing sent.
    expect(await screen.findByRole('alert')).toHaveTextContent('debitAccount is required when a column holds it');
    expect(requests().some((r) => r.method === 'PUT')).toBe(false);
    await user.type(screen.getByLabelText(/^Debit account/), '00123456789012');
    await user.selectOptions(screen.getByLabelText('Date format'), 'DD-MM-YYYY');
    await user.click(screen.getByRole('button', { name: 'Save payroll settings' }));
    await expectToast('Payroll settings saved');
    const sent = await requests().find((r) => r.method === 'PUT')!.json();
    expect(sent.slipRelease).toBe('release');
    expect(sent.bankFormat).toMatchObject({ template: 'custom', dateFormat: 'DD-MM-YYYY', debitAccount: '00123456789012', headerRow: true });
    expect(sent.bankFormat.columns.map((c: { field: string }) => c.field)).toEqual(['beneficiaryAccount', 'amount', 'ifsc', 'beneficiaryName', 'narration', 'debitAccount']);
  });

  it('starts from the ready FILEHDR template: its lines shown, the corporate ID and debit account asked for', async () => {
    const { requests, user } = openSettings(SAVE_ECHOES);
    await user.click(await screen.findByLabelText(/^Ready: Salary text file: FILEHDR line/));
    expect(screen.getByText('File header').nextElementSibling).toHaveTextContent('FILEHDR | ‹Corporate ID› | ‹File number (261001)›');
    expect(screen.getByText(/^Debit row/).nextElementSibling).toHaveTextContent(/^‹Branch Sol ID .*› \| ‹Debit account› \| INR \| DR \| ‹File total› \| ‹Short narration/);
    expect(screen.getByRole('link', { name: /scribd\.com/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save payroll settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('debitAccount is required');
    await user.type(screen.getByLabelText(/^Debit account/), '566800100012345');
    await user.click(screen.getByRole('button', { name: 'Save payroll settings' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("the file header's Corporate ID is required");
    expect(requests().some((r) => r.method === 'PUT')).toBe(false);
    await user.type(screen.getByLabelText('Corporate ID'), 'ACMELTD');
    await user.click(screen.getByRole('button', { name: 'Save payroll settings' }));
    await expectToast('Payroll settings saved');
    const sent = await requests().find((r) => r.method === 'PUT')!.json();
    expect(sent.bankFormat).toMatchObject({ template: 'custom', ready: 'filehdr-text', separator: '|', debitAccount: '566800100012345' });
    expect(sent.bankFormat.fileHeader[1]).toMatchObject({ header: 'Corporate ID', value: 'ACMELTD' });
    // Back to a column template of one's own: the ready lines go.
    await user.click(screen.getByLabelText(/^Column template/));
    expect(screen.queryByText('Lines of the file')).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Columns, in file order' })).getAllByRole('listitem')).toHaveLength(5);
  });
  it('builds a fixed-width file header and debit row, marks each bad field, and previews the first lines from the server', async () => {
    let refuseSave = true;
    const { requests, user } = openSettings({
      'POST /api/salary/settings/bank-preview': async (req) => {
        const { bankFormat } = (await req.clone().json()) as { bankFormat: BankFormat };
        const header = bankFormat.fileHeader ? ['FILEHDR261101'] : [];
        return json(200, { lines: [...header, 'C566801234567890  000004825000'], credits: 3, problems: ['EMP0002 (Venkata Lakshmi Narasimha Raghavan): Beneficiary Name has 34 characters, the column holds 20'], extension: 'txt' });
      },
      'PUT /api/salary/settings': async (req) =>
        refuseSave ? json(400, { msg: 'the bank refuses this text', fieldErrors: { 'bankFormat.fileHeader.0.value': 'the bank refuses this text' } }) : json(200, await req.clone().json()),
    });
    await user.click(await screen.findByLabelText(/^Column template/));
    await user.selectOptions(screen.getByLabelText('File layout'), 'fixed');
    // Every cell gets a width, and shows where it sits on the line.
    expect(screen.getByLabelText('Width of column 1')).toHaveValue('20');
    expect(screen.getByLabelText('Width of column 2')).toHaveAccessibleDescription('Positions 21–31');
    expect(screen.queryByLabelText('The file starts with a header row')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText(/^The file starts with a file header line/));
    await user.click(screen.getByLabelText(/^A debit row for your account/));
    const header = within(screen.getByRole('list', { name: 'File header line' })).getAllByRole('listitem');
    expect(header).toHaveLength(2);
    expect(screen.getByLabelText('Text of file header cell 1')).toHaveValue('FILEHDR');
    expect(screen.getByLabelText('Holds (debit row cell 1)')).toHaveValue('debitAccount');
    // A width cleared is marked on that control at once, and the preview waits for it.
    await user.clear(screen.getByLabelText('Width of column 2'));
    expect(screen.getByLabelText('Width of column 2')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Width of column 2')).toHaveAccessibleDescription(/^Required for IFSC in a fixed-width file/);
    expect(await screen.findByText('Fix the marked fields to see the preview.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Width of column 2'), '11');
    expect(screen.getByLabelText('Width of column 2')).not.toHaveAttribute('aria-invalid');
    await user.type(screen.getByLabelText(/^Debit account \(the company/), '566800100012345');
    // The preview: the server's lines, spaces shown as dots, and the sample values that would not fit.
    const preview = await screen.findByRole('region', { name: 'Preview with sample people' });
    expect(await within(preview).findByText(/FILEHDR261101\s+C566801234567890··000004825000/)).toBeInTheDocument();
    expect(within(preview).getByText(/Beneficiary Name has 34 characters, the column holds 20/)).toBeInTheDocument();
    const asked = await requests().filter((r) => r.method === 'POST' && r.url.endsWith('/bank-preview')).at(-1)!.json();
    expect(asked.bankFormat).toMatchObject({ layout: 'fixed', headerRow: false, debitAccount: '566800100012345' });
    expect(asked.bankFormat.fileHeader.map((c: { width: number }) => c.width)).toEqual([7, 6]);
    // The server's field error is marked on its control.
    await user.click(screen.getByRole('button', { name: 'Save payroll settings' }));
    expect(await screen.findByText('Error saving the payroll settings: the bank refuses this text', { selector: 'p.form-error' })).toBeInTheDocument();
    expect(screen.getByLabelText('Text of file header cell 1')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Text of file header cell 1')).toHaveAccessibleDescription('the bank refuses this text');
    refuseSave = false;
    await user.click(screen.getByRole('button', { name: 'Save payroll settings' }));
    await expectToast('Payroll settings saved');
    const sent = await requests().filter((r) => r.method === 'PUT').at(-1)!.json();
    expect(sent.bankFormat.debitRow.map((c: { field: string }) => c.field)).toEqual(['debitAccount', 'total']);
    expect(sent.bankFormat.debitRow[1]).toMatchObject({ width: 15, align: 'right', pad: '0' });
  });

  it('offers the fixed-width Union Bank template, its cells with their widths, and lets its lines be edited as one’s own', async () => {
    const { user } = openSettings({ 'POST /api/salary/settings/bank-preview': () => json(200, { lines: ['566800100012345D15112026'], credits: 3, problems: [], extension: 'txt' }) });
    await user.click(await screen.findByLabelText(/^Ready: Union Bank of India salary upload/));
    expect(screen.getByText(/^Debit row/).nextElementSibling).toHaveTextContent('‹Debit account› [15] D [1] ‹Payment date› [8] ‹Narration (Salary Nov 2026)› [50] ‹File total› [18]');
    expect(screen.queryByText('File header')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /ACCOUNTS-MAINTENANCE-SALARY-UPLOAD/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit these lines as a template of my own' }));
    expect(screen.getByLabelText('File layout')).toHaveValue('fixed');
    expect(screen.getByLabelText('Width of column 4')).toHaveValue('50');
    expect(screen.getByLabelText('Must fill the width (column 1)')).toBeChecked();
  });
});
