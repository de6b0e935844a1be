/**
 * The month the header's 'Download Salary Slip' saves: the last complete month since joining, null
 * while there is none (joined this month), undefined until the employee's record has arrived. Read
 * from the welcome card's query (one cache entry, no request of its own) by the rule the server's
 * /api/dashboard/me uses, so the header and the dashboard's slip card always offer the same month.
 */
import { latestCompleteSlipMonth } from '../../../shared/payroll/pay-month';
import { useToday } from '../../components/use-today';
import { useGetCurrentEmployeeQuery } from '../../api/employee-api';

export function useLatestSlipMonth(): string | null | undefined {
  const { data } = useGetCurrentEmployeeQuery();
  const today = useToday();
  return data?.joiningDate ? latestCompleteSlipMonth(data.joiningDate, today) : undefined;
}
