import { screen, within } from '@testing-library/react';
import type { SalaryHistory } from '../../../shared/schemas/salary-history';
import { rosterEmployee } from '../../test/fixtures';
import { json } from '../../test/network';
import { expectToast, renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import { mockAdminScreen } from '../../test/admin-screen-network';

const RAVI = rosterEmployee(7, { name: 'Ravi Kumar', email: 'ravi@example.com', salary: 20_000 });
const DRIVERS = { name: 'Drivers', assigned: true, basicPercentOfGross: 40, basicMonthly: null, hraPercentOfBasic: 50, fixedAllowances: [{ name: 'Conveyance', monthly: 1600 }], basic: 8_000, hra: 4_000, special: 6_400, override: null };
const revision = (id: string, structure: SalaryHistory['revisions'][number]['structure'], reason: string) => ({ id, effectiveFrom: '2026-11-01', salary: 20_000, reason, appliesFrom: null, enteredBy: 'Admin', enteredAt: '2026-11-20T10:00:00.000Z', structure });
const history = (revisions: SalaryHistory['revisions']): SalaryHistory => ({ employeeId: RAVI.employeeId, salary: 20_000, defaultEffectiveFrom: '2026-11-01', revisions, arrears: [] });

describe("Edit Employee's override of one structure component", () => {
  it('marks a missing amount, then sends Basic as a fixed amount and shows the override in the history', async () => {
    let current = history([revision('2', DRIVERS, 'Salary structure: Drivers')]);
    const sent: unknown[] = [];
    mockAdminScreen({
      'GET /api/employee/7': () => json(200, RAVI),
      'GET /api/salary/history/7': () => json(200, current),
      'PUT /api/salary/history/7/structure-override': async (req) => {
        sent.push(await req.clone().json());
        current = history([revision('3', { ...DRIVERS, assigned: false, basicPercentOfGross: null, basicMonthly: 12_000, basic: 12_000, hra: 6_000, special: 400, override: 'Basic fixed at ₹12,000 a month' }, 'Drivers: Basic fixed at ₹12,000 a month'), ...current.revisions]);
        return json(200, current);
      },
    });
    const { user } = renderApp({ path: '/admin/employees/edit/7', token: adminToken() });
    const form = within((await screen.findByRole('heading', { name: 'Override one component' })).closest('section')!);
    expect(form.getByText('No override: the structure as it is.')).toBeInTheDocument();

    await user.click(form.getByLabelText('Fixed monthly amount'));
    await user.click(form.getByRole('button', { name: 'Save override' }));
    expect(form.getByLabelText('Basic, ₹ a month')).toHaveAccessibleDescription('Basic monthly amount must be a number');
    expect(sent).toEqual([]);

    await user.type(form.getByLabelText('Basic, ₹ a month'), '12,000');
    await user.click(form.getByRole('button', { name: 'Save override' }));
    await expectToast('Override saved');
    expect(sent).toEqual([{ component: 'basic', basicMonthly: 12_000 }]);
    expect(await screen.findByText('Override for this person: Basic fixed at ₹12,000 a month')).toBeInTheDocument();
    expect(await form.findByText('In force: Basic fixed at ₹12,000 a month.')).toBeInTheDocument();
    expect(form.getByLabelText('Remove the override')).toBeInTheDocument();
  });
});
