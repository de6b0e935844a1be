/** "Who's off" as the API answers it, for the whole company or one manager's team. */
import type { Holiday, LeaveSettings } from '../../../shared/schemas/leave-policy';
import type { WhosOff } from '../../../shared/schemas/holiday-calendar';

/** An approved leave as read for the period, with its type's name when it has one. */
export interface OffLeaveRow {
  id: number;
  employee_id: string;
  name: string;
  type_name: string | null;
  start_date: string;
  end_date: string;
  day_part: string | null;
}

/** The period, its weekly off and holidays, and the leaves in it (a leave without a type named `untyped`). */
export function whosOffOf(from: string, to: string, settings: LeaveSettings, holidays: Holiday[], leaves: OffLeaveRow[], untyped: string): WhosOff {
  return {
    from,
    to,
    weeklyOff: settings.weeklyOff,
    holidays,
    leaves: leaves.map((l) => ({
      _id: String(l.id),
      employeeId: l.employee_id,
      name: l.name,
      leaveType: l.type_name ?? untyped,
      startDate: l.start_date,
      endDate: l.end_date,
      dayPart: l.day_part === 'first-half' || l.day_part === 'second-half' ? l.day_part : null,
    })),
  };
}
