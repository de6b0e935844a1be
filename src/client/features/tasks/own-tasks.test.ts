import type { Task } from '../../../shared/schemas/task';
import { ownTasks } from './own-tasks';

const task = (id: string, employeeId: string): Task => ({
  _id: id,
  employeeId,
  name: 'n',
  title: `t${id}`,
  description: 'd',
  status: 'assigned',
  dueDate: null,
  priority: 'normal',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('ownTasks', () => {
  const tasks = [task('1', 'EMP0001'), task('2', 'EMP0002'), task('3', 'EMP0001')];

  it("keeps only the caller's tasks, in order", () => {
    expect(ownTasks(tasks, 'EMP0001').map((t) => t._id)).toEqual(['1', '3']);
  });

  it('shows nothing when the token carries no employeeId', () => {
    expect(ownTasks(tasks, null)).toEqual([]);
  });
});
