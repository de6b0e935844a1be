import { screen, waitFor, within } from '@testing-library/react';
import type { CompanyProfile } from '../../../shared/schemas/company-profile';
import { json, mockFetch } from '../../test/network';
import { expectToast, renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { dashboardFrame } from '../../test/fixtures';

const PROFILE: CompanyProfile = {
  legalName: 'HR Portal',
  address: null,
  pfEstablishmentCode: null,
  esiEmployerCode: null,
  tan: null,
  timeZone: 'UTC',
  leaveYearStartMonth: 1,
  financialYear: 'April to March',
  logo: null,
  saved: false,
  updatedAt: null,
};

describe('Company profile', () => {
  const open = (overrides: Parameters<typeof mockFetch>[0] = {}) => {
    let stored = PROFILE;
    const network = mockFetch({
      ...dashboardFrame(),
      'GET /api/company/profile': () => json(200, stored),
      'PUT /api/company/profile': async (req) => {
        const body = (await req.clone().json()) as Partial<CompanyProfile>;
        stored = { ...stored, ...body, tan: body.tan ? String(body.tan).toUpperCase() : null, saved: true };
        return json(200, stored);
      },
      'GET /api/company/departments': () => json(200, [{ _id: '1', name: 'Engineering', headId: null }]),
      'GET /api/company/locations': () => json(200, []),
      ...overrides,
    });
    return { ...renderApp({ path: '/admin/company', token: adminToken() }), ...network };
  };

  it('is listed in Settings, says the defaults are not saved yet, and saves the profile checked by the shared schema', async () => {
    const { user, requests } = open();
    expect(await screen.findByRole('heading', { name: 'Company profile' })).toBeInTheDocument();
    expect(await screen.findByText(/Not saved yet/)).toBeInTheDocument();
    const name = screen.getByLabelText('Legal name');
    await user.clear(name);
    await user.type(name, 'Acme Analytics India Private Limited');
    await user.type(screen.getByLabelText('TAN'), 'ABC');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    // Refused in the form, as the server would: nothing sent.
    expect(await screen.findByRole('alert')).toHaveTextContent('Fix the marked field below.');
    expect(requests().some((r) => r.method === 'PUT')).toBe(false);
    // The field itself is marked and takes the focus.
    expect(screen.getByLabelText('TAN')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('TAN')).toHaveAccessibleDescription(/^Must look like BLRA12345B/);
    expect(screen.getByLabelText('TAN')).toHaveFocus();
    await user.clear(screen.getByLabelText('TAN'));
    await user.type(screen.getByLabelText('TAN'), 'blra12345b');
    await user.type(screen.getByLabelText('Address'), '4th Floor, Prestige Tech Park{Enter}Bengaluru 560103');
    await user.selectOptions(screen.getByLabelText('Leave year'), '4');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    await expectToast('Company profile saved');
    const put = requests().find((r) => r.method === 'PUT')!;
    expect(await put.json()).toMatchObject({ legalName: 'Acme Analytics India Private Limited', tan: 'blra12345b', address: '4th Floor, Prestige Tech Park\nBengaluru 560103', leaveYearStartMonth: 4, timeZone: 'UTC' });
    await waitFor(() => expect(screen.queryByText(/Not saved yet/)).not.toBeInTheDocument());
    // Departments and locations are edited here too.
    expect(within(screen.getByRole('region', { name: 'Departments' })).getByText('Engineering')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Locations' })).getByText('None yet.')).toBeInTheDocument();
    expect(screen.getByLabelText('Upload a logo')).toHaveAttribute('accept', 'image/png,image/jpeg');
  });

  it('marks every code the server refuses at once, focus on the first, with no toast', async () => {
    const refusal = {
      msg: 'pfEstablishmentCode must look like KNBNG0012345000; esiEmployerCode must be 17 digits; tan must look like BLRA12345B',
      fieldErrors: { pfEstablishmentCode: 'pfEstablishmentCode must look like KNBNG0012345000', esiEmployerCode: 'esiEmployerCode must be 17 digits', tan: 'tan must look like BLRA12345B' },
    };
    const { user } = open({ 'PUT /api/company/profile': () => json(400, refusal) });
    await screen.findByRole('heading', { name: 'Company profile' });
    await user.click(await screen.findByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(screen.getByLabelText('TAN')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByLabelText('PF establishment code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('ESI employer code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Legal name')).not.toHaveAttribute('aria-invalid');
    // The mark under TAN says what is wrong without the API's name for the field.
    expect(screen.getByText('Must look like BLRA12345B')).toBeInTheDocument();
    expect(screen.getByLabelText('PF establishment code')).toHaveFocus();
    expect(screen.queryByRole('status', { name: /Error saving/ })).not.toBeInTheDocument();
  });

});

describe("Locations' web punch rules", () => {
  it("shows each location's rule under the locations, and saves a choice at once", async () => {
    let rule: unknown = null;
    const network = mockFetch({
      ...dashboardFrame(),
      'GET /api/company/profile': () => json(200, PROFILE),
      'GET /api/company/departments': () => json(200, []),
      'GET /api/company/locations': () => json(200, [{ _id: '3', name: 'Pune plant', state: 'Maharashtra', city: 'Pune', ptRegistration: null }]),
      'GET /api/punch-policy/locations': () => json(200, [{ locationId: '3', name: 'Pune plant', city: 'Pune', rule }]),
      'PUT /api/punch-policy/locations/3': async (req) => {
        rule = ((await req.clone().json()) as { rule: unknown }).rule;
        return json(200, { msg: 'Punch rule of Pune plant saved' });
      },
      'GET /api/punch-policy': () => json(200, { rule: { webAllowed: true, geofenceRequired: false, networkRequired: false }, sites: [], networks: [] }),
    });
    const { user } = renderApp({ path: '/admin/company', token: adminToken() });
    const select = await screen.findByLabelText('Web punching at Pune plant');
    expect(select).toHaveDisplayValue("The company's rule");
    await user.selectOptions(select, 'Only from an office network');
    await expectToast('Punch rule of Pune plant saved');
    const [put] = network.requests().filter((r) => r.method === 'PUT' && new URL(r.url).pathname === '/api/punch-policy/locations/3');
    expect(await put!.clone().json()).toEqual({ rule: { webAllowed: true, geofenceRequired: false, networkRequired: true } });
    await waitFor(() => expect(screen.getByLabelText('Web punching at Pune plant')).toHaveDisplayValue('Only from an office network'));
  });
});
