import type { Employee } from '../../../shared/schemas/employee';
import { selectEmployeeView, selectPositions } from './employee-view';

const person = (n: number, name: string, position: string, salary: number, email = `p${n}@example.com`): Employee => ({
  _id: String(n),
  employeeId: `EMP${String(n).padStart(4, '0')}`,
  name,
  email,
  position,
  salary,
  joiningDate: '2024-04-01',
});

const ROSTER = [
  person(2, 'Ravi Kumar', 'Designer', 85000),
  person(10000, 'Zoë Fernandes', 'Engineer', 50000),
  person(1, 'asha Rao', 'Engineer', 120000, 'asha@corp.example'),
];
const ids = (rows: readonly Employee[]) => rows.map((e) => e.employeeId);

describe('selectEmployeeView', () => {
  it("keeps the server's order without a sort, and counts everyone", () => {
    const view = selectEmployeeView(ROSTER, '', '', null, 'ascending');
    expect(ids(view.rows)).toEqual(['EMP0002', 'EMP10000', 'EMP0001']);
    expect(view.total).toBe(3);
  });

  it('searches name, email, employee ID and position, every word, ignoring case and accents', () => {
    expect(ids(selectEmployeeView(ROSTER, 'zoe', '', null, 'ascending').rows)).toEqual(['EMP10000']);
    expect(ids(selectEmployeeView(ROSTER, 'CORP.example', '', null, 'ascending').rows)).toEqual(['EMP0001']);
    expect(ids(selectEmployeeView(ROSTER, 'emp0002', '', null, 'ascending').rows)).toEqual(['EMP0002']);
    expect(ids(selectEmployeeView(ROSTER, 'design', '', null, 'ascending').rows)).toEqual(['EMP0002']);
    expect(ids(selectEmployeeView(ROSTER, '  engineer   rao ', '', null, 'ascending').rows)).toEqual(['EMP0001']);
    expect(selectEmployeeView(ROSTER, 'nobody', '', null, 'ascending')).toEqual({ rows: [], total: 3 });
  });

  it('filters by exact position', () => {
    expect(ids(selectEmployeeView(ROSTER, '', 'Engineer', null, 'ascending').rows)).toEqual(['EMP10000', 'EMP0001']);
    expect(ids(selectEmployeeView(ROSTER, '', 'Engin', null, 'ascending').rows)).toEqual([]);
  });

  it('sorts ids numerically, text without regard to case, salary as a number, both ways', () => {
    expect(ids(selectEmployeeView(ROSTER, '', '', 'employeeId', 'ascending').rows)).toEqual(['EMP0001', 'EMP0002', 'EMP10000']);
    expect(ids(selectEmployeeView(ROSTER, '', '', 'name', 'ascending').rows)).toEqual(['EMP0001', 'EMP0002', 'EMP10000']);
    expect(ids(selectEmployeeView(ROSTER, '', '', 'salary', 'ascending').rows)).toEqual(['EMP10000', 'EMP0002', 'EMP0001']);
    expect(ids(selectEmployeeView(ROSTER, '', '', 'salary', 'descending').rows)).toEqual(['EMP0001', 'EMP0002', 'EMP10000']);
    expect(ids(selectEmployeeView(ROSTER, '', 'Engineer', 'salary', 'descending').rows)).toEqual(['EMP0001', 'EMP10000']);
  });

  it('answers the same criteria over the same data with the same object (memoized)', () => {
    const a = selectEmployeeView(ROSTER, 'ra', '', 'name', 'descending');
    selectEmployeeView(ROSTER, 'r', '', 'name', 'descending');
    expect(selectEmployeeView(ROSTER, 'ra', '', 'name', 'descending')).toBe(a);
    expect(selectEmployeeView([...ROSTER], 'ra', '', 'name', 'descending')).not.toBe(a);
  });

  it('handles no data yet', () => {
    expect(selectEmployeeView(undefined, 'x', '', null, 'ascending')).toEqual({ rows: [], total: 0 });
  });
});

describe('selectPositions', () => {
  it('lists each position once, in order', () => {
    expect(selectPositions(ROSTER)).toEqual(['Designer', 'Engineer']);
    expect(selectPositions(undefined)).toEqual([]);
  });
});
