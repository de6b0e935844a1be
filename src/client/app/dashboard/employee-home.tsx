/**
 * The employee dashboard's home screen (the /employee index route, issue 11): the figures under the
 * frame's welcome card. The child screens show the welcome card without them.
 */
import { EmployeeFigures } from './employee-figures';

export function EmployeeHome() {
  return <EmployeeFigures />;
}
