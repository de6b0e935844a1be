/**
 * Whose row it is, in the admin's leave and task lists: the spec's Employee ID, with the person's
 * name beside it, since an ID alone means little to people. Plain inline text, so a narrow column
 * wraps the name under the ID and the table's two-line clamp can cut a very long name.
 */
import './employee-ref.css';

export function EmployeeRef({ employeeId, name }: { employeeId: string; name?: string | null }) {
  return (
    <>
      <span className="employee-ref__id">{employeeId}</span>
      {name && ' '}
      {name && <span className="employee-ref__name">{name}</span>}
    </>
  );
}
