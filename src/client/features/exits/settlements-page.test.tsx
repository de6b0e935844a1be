import { screen, within } from '@testing-library/react';
import { json } from '../../test/network';
import { mockAdminScreen } from '../../test/admin-screen-network';
import { renderApp } from '../../test/render-app';
import { adminToken } from '../../test/tokens';
import type { SettlementListItem } from '../../../shared/schemas/exit';

const ravi: SettlementListItem = { _id: '2', employeeId: 'EMP0002', name: 'Ravi Kumar', leftOn: '2026-10-20', dueOn: '2026-10-22', state: 'not-started', overdue: true, payable: null };
// Imported as having left before the company went live: the old system settled her.
const asha: SettlementListItem = { _id: '3', employeeId: 'EMP0003', name: 'Asha Rao', leftOn: '2026-09-19', dueOn: '2026-09-23', state: 'before-go-live', overdue: false, payable: null };

describe('Leavers and settlements', () => {
  it('lists a leaver settled before going live only with every one, saying so and with no due day', async () => {
    mockAdminScreen({
      'GET /api/final-settlements': (request) => json(200, new URL(request.url).searchParams.get('which') === 'all' ? [asha, ravi] : [ravi]),
    });
    const { user } = renderApp({ path: '/admin/final-settlements', token: adminToken() });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    await user.click(screen.getByRole('checkbox', { name: 'Show paid ones, and those settled before going live' }));
    const row = (await screen.findByRole('rowheader', { name: 'Asha Rao (EMP0003)' })).closest('tr')!;
    expect([...row.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['2026-09-19', '—', 'Settled before going live', '—']);
    const other = screen.getByRole('rowheader', { name: 'Ravi Kumar (EMP0002)' }).closest('tr')!;
    expect(within(other).getByText('Not started')).toBeInTheDocument();
    expect(within(other).getByText('· Overdue')).toBeInTheDocument();
  });
});
