/** The Statutory rules screen: the versions around a month with their sources, adding a version with field-level errors, and the readings of contested rules. */
import { screen, waitFor, within } from '@testing-library/react';
import type { StatutoryRulesPage } from '../../../shared/schemas/statutory-rules';
import { json } from '../../test/network';
import { expectToast, renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { mockAdminScreen } from '../../test/admin-screen-network';

const PAGE: StatutoryRulesPage = {
  month: '2026-11',
  rules: [
    {
      key: 'pf.wageCeiling',
      family: 'pf',
    group: 'Provident fund',
      label: 'PF wage ceiling',
      unit: 'rupees',
      description: 'Monthly wages up to which PF is compulsory.',
      midMonth: 'Split by days by default.',
      versions: [
        { effectiveFrom: '2014-09-01', value: 15000, source: 'GSR 609(E) of 22 Aug 2014, from 1 Sep 2014', note: 'Ceiling ₹15,000.', origin: 'shipped', when: 'earlier' },
        { effectiveFrom: '2026-09-17', value: 25000, source: 'S.O. 5109(E) of 17 Sep 2026', note: 'Ceiling ₹25,000.', origin: 'shipped', when: 'in-force' },
      ],
    },
    { key: 'pf.employeeRate', family: 'pf', group: 'Provident fund', label: 'Employee PF rate', unit: 'percent', description: "The employee's share.", midMonth: 'From the next month.', versions: [{ effectiveFrom: '2018-06-01', value: 12, source: 'EPF Scheme 1952 para 29', note: '12%.', origin: 'shipped', when: 'in-force' }] },
    {
      key: 'pt.MH',
      family: 'pt',
      group: 'Professional tax',
      state: 'MH',
      tableKind: 'pt-slabs',
      label: 'Professional tax: Maharashtra',
      unit: 'table',
      description: 'The slab table for employees whose state of work is Maharashtra.',
      midMonth: 'From the first whole month on.',
      versions: [
        {
          effectiveFrom: '2023-04-01',
          value: 0,
          table: { period: 'monthly', slabs: [{ fromRupees: 0, taxRupees: 0 }, { fromRupees: 7500.01, taxRupees: 175 }, { fromRupees: 10000.01, taxRupees: 200, februaryTaxRupees: 300 }], exemptAgeFrom: 65, exemptDisability: true },
          summary: ['Monthly salary from ₹0: ₹0; from ₹7,500.01: ₹175; from ₹10,000.01: ₹200 (₹300 in February)', 'Exempt: aged 65 or more, persons with disability'],
          source: 'Maharashtra Act 1975, Schedule I entry 1 as amended from 1 Apr 2023',
          note: '',
          origin: 'shipped',
          when: 'in-force',
        },
      ],
    },
    { key: 'pt.KL', family: 'pt', group: 'Professional tax', state: 'KL', tableKind: 'pt-slabs', label: 'Professional tax: Kerala', unit: 'table', description: 'Kerala.', midMonth: 'From the first whole month on.', versions: [] },
  ],
  settings: { pfCeilingReading: 'day-weighted', eps58Month: 'proportionate', epsUntil60: false },
  choices: { pfCeilingReading: ['day-weighted', 'old-for-month', 'new-for-month'], eps58Month: ['proportionate', 'whole-month', 'none'] },
};

function open(handlers: Parameters<typeof mockAdminScreen>[0] = {}) {
  const network = mockAdminScreen({ 'GET /api/statutory-rules': () => json(200, PAGE), ...handlers });
  const app = renderApp({ path: '/admin/statutory-rules', token: adminToken() });
  return { ...app, ...network };
}

describe('Statutory rules', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows each rule with the version in force, its source, and the earlier versions', async () => {
    open();
    const ceiling = await screen.findByRole('article', { name: 'PF wage ceiling' });
    expect(within(ceiling).getByText(/In force in 2026-11:/).parentElement).toHaveTextContent('₹25,000 from 2026-09-17');
    expect(within(ceiling).getByText(/Source: S\.O\. 5109\(E\) of 17 Sep 2026/)).toBeInTheDocument();
    expect(within(ceiling).getByText('Earlier and later versions (1)')).toBeInTheDocument();
    expect(within(ceiling).getByText(/₹15,000 from 2014-09-01/)).toBeInTheDocument();
    expect(within(screen.getByRole('article', { name: 'Employee PF rate' })).getByText(/12% from 2018-06-01/)).toBeInTheDocument();
  });

  it('names every bad field beside it before any call, then sends a good version and says so', async () => {
    const { user, requests } = open({ 'POST /api/statutory-rules/versions': () => json(200, { msg: 'PF wage ceiling: the version from 2027-04-01 is added.' }) });
    const form = within(await screen.findByRole('form', { name: 'Add a version' }));
    await user.click(form.getByRole('button', { name: 'Add version' }));
    expect(form.getByLabelText('Rule')).toHaveAccessibleDescription(/Choose a rule/);
    expect(form.getByLabelText('First day in force')).toHaveAttribute('aria-invalid', 'true');
    expect(form.getByLabelText('Source')).toHaveAttribute('aria-invalid', 'true');
    expect(requests().some((r) => r.method === 'POST')).toBe(false);

    await user.selectOptions(form.getByLabelText('Rule'), 'pf.wageCeiling');
    await user.type(form.getByLabelText('First day in force'), '2027-04-01');
    await user.type(form.getByLabelText('Value (₹)'), '30000');
    await user.type(form.getByLabelText('Source'), 'S.O. 1234(E) of 1 Mar 2027');
    await user.click(form.getByRole('button', { name: 'Add version' }));
    await expectToast('PF wage ceiling: the version from 2027-04-01 is added.', 'success');
    const post = requests().find((r) => r.method === 'POST')!;
    expect(await post.json()).toEqual({ key: 'pf.wageCeiling', effectiveFrom: '2027-04-01', value: 30000, source: 'S.O. 1234(E) of 1 Mar 2027' });
  });

  it("shows the server's refusal under the field it is about", async () => {
    const { user } = open({ 'POST /api/statutory-rules/versions': () => json(409, { msg: 'PF wage ceiling already has a version from 2026-09-17; choose another first day' }) });
    const form = within(await screen.findByRole('form', { name: 'Add a version' }));
    await user.selectOptions(form.getByLabelText('Rule'), 'pf.wageCeiling');
    await user.type(form.getByLabelText('First day in force'), '2026-09-17');
    await user.type(form.getByLabelText('Value (₹)'), '25000');
    await user.type(form.getByLabelText('Source'), 'S.O. 5109(E) of 17 Sep 2026');
    await user.click(form.getByRole('button', { name: 'Add version' }));
    await waitFor(() => expect(form.getByLabelText('First day in force')).toHaveAccessibleDescription(/already has a version from 2026-09-17/));
  });

  it('groups the rules by family, shows a state\'s table and names the states without one', async () => {
    open();
    const pt = await screen.findByRole('region', { name: 'Professional tax' });
    const mh = within(pt).getByRole('article', { name: 'Professional tax: Maharashtra' });
    expect(within(mh).getByText(/from ₹10,000\.01: ₹200 \(₹300 in February\)/)).toBeInTheDocument();
    expect(within(mh).getByText('Exempt: aged 65 or more, persons with disability')).toBeInTheDocument();
    expect(within(pt).getByText(/No table yet: Kerala\./)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Provident fund' })).getByRole('article', { name: 'PF wage ceiling' })).toBeInTheDocument();
  });

  it("adds a first table for a state: each bad line named beside its field, then the table sent in rupees", async () => {
    const { user, requests } = open({ 'POST /api/statutory-rules/versions': () => json(200, { msg: 'Professional tax: Kerala: the version from 2027-04-01 is added.' }) });
    const form = within(await screen.findByRole('form', { name: 'Add a version' }));
    await user.selectOptions(form.getByLabelText('Rule'), 'pt.KL');
    expect(form.queryByLabelText('Value (₹)')).not.toBeInTheDocument();
    await user.type(form.getByLabelText('First day in force'), '2027-04-01');
    await user.type(form.getByLabelText('Source'), 'Kerala notification of 1 Mar 2027');
    await user.type(form.getByLabelText('Slabs'), '0 0{enter}twelve thousand{enter}11999 9000');
    await user.selectOptions(form.getByLabelText('Deducted'), 'half-yearly');
    await user.click(form.getByRole('button', { name: 'Add version' }));
    expect(form.getByLabelText('Slabs')).toHaveAccessibleDescription(/slabs line 2: write the salary it starts from/);
    expect(form.getByLabelText('Months the tax is deducted in')).toHaveAccessibleDescription(/deductInMonths is required/);
    expect(requests().some((r) => r.method === 'POST')).toBe(false);

    await user.clear(form.getByLabelText('Slabs'));
    await user.type(form.getByLabelText('Slabs'), '0 0{enter}11999 9000');
    await user.type(form.getByLabelText('Months the tax is deducted in'), '9 3');
    await user.click(form.getByRole('button', { name: 'Add version' }));
    expect(form.getByLabelText('Slabs')).toHaveAccessibleDescription(/slabs line 2: taxRupees must be at most 2500/);

    await user.clear(form.getByLabelText('Slabs'));
    await user.type(form.getByLabelText('Slabs'), '0 0{enter}11,999.01 ₹1,250');
    await user.click(form.getByRole('button', { name: 'Add version' }));
    await expectToast('Professional tax: Kerala: the version from 2027-04-01 is added.', 'success');
    expect(await requests().find((r) => r.method === 'POST')!.json()).toEqual({
      key: 'pt.KL',
      effectiveFrom: '2027-04-01',
      source: 'Kerala notification of 1 Mar 2027',
      table: { period: 'half-yearly', slabs: [{ fromRupees: 0, taxRupees: 0 }, { fromRupees: 11999.01, taxRupees: 1250 }], deductInMonths: [9, 3] },
    });
  });

  it('saves the readings of contested rules', async () => {
    const { user, requests } = open({ 'PUT /api/statutory-rules/settings': () => json(200, { msg: 'Statutory settings saved.' }) });
    const form = within(await screen.findByRole('form', { name: 'Where the law can be read two ways' }));
    await user.selectOptions(form.getByLabelText('PF ceiling changed inside a month'), 'new-for-month');
    await user.click(form.getByRole('button', { name: 'Save settings' }));
    await expectToast('Statutory settings saved.', 'success');
    expect(await requests().find((r) => r.method === 'PUT')!.json()).toEqual({ pfCeilingReading: 'new-for-month', eps58Month: 'proportionate', epsUntil60: false });
  });
});
