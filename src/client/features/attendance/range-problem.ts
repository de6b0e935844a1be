/**
 * What is wrong with a range a person typed, or null: the shared zod schema the server runs, so
 * the client refuses exactly what the server would. A module of its own because it brings zod: the
 * admin dashboard's report form loads it on the first Download Report (report-download-machine),
 * so opening the dashboard does not evaluate zod (a long main-thread task on a phone).
 */
import { MSG } from '../../copy';
import { dateRangeSchema } from '../../../shared/schemas/attendance';
import { schemaProblem } from '../../flows/schema-problem';
import { datesMissing } from './attendance-view';

/** product.md, Input rules: both dates are required; a start after the end gets the server's own words. */
export function rangeProblem(startDate: string, endDate: string): string | null {
  if (datesMissing(startDate, endDate)) return MSG.datesRequired;
  return schemaProblem(dateRangeSchema, { startDate, endDate });
}
