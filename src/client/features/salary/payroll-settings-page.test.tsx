import { screen, within } from '@testing-library/react';
import { GENERIC_BANK_FORMAT, type PayrollSettings } from '../../../shared/schemas/payroll-payments';
import { json, mockFetch } from '../../test/network';
import { expectToast, renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { dashboardFrame } from '../../test/fixtures';

describe('Payroll settings', () => {
  it('sets slips to go out on release and a column template, checked like the server before it is sent', async () => {
    const stored: PayrollSettings = { slipEmailAttachXlsx: false, slipRelease: 'approval', bankFormat: GENERIC_BANK_FORMAT };
    const { requests } = mockFetch({
      ...dashboardFrame(),
      'GET /api/salary/settings': () => json(200, stored),
      'PUT /api/salary/settings': async (req) => json(200, await req.clone().json()),
    });
    const { user } = renderApp({ path: '/admin/payroll-settings', token: adminToken() });
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
    const stored: PayrollSettings = { slipEmailAttachXlsx: false, slipRelease: 'approval', bankFormat: GENERIC_BANK_FORMAT };
    const { requests } = mockFetch({
      ...dashboardFrame(),
      'GET /api/salary/settings': () => json(200, stored),
      'PUT /api/salary/settings': async (req) => json(200, await req.clone().json()),
    });
    const { user } = renderApp({ path: '/admin/payroll-settings', token: adminToken() });
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
});
