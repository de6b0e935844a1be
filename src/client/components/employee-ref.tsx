/**
 * Whose row it is, in the admin's leave and task lists: the spec's Employee ID, with the person's
 * name beside it (wrapping under it in a narrow column), since an ID alone means little to people.
 */
import './employee-ref.css';

export function EmployeeRef({ employeeId, name }: { employeeId: string; name?: string | null }) {
  return (
    <span className="employee-ref">
      <span className="employee-ref__id">{employeeId}</span>
      {/* A space, so the two read as two words to assistive tech (the flex gap draws it on screen). */}
      {name && ' '}
      {name && <span className="employee-ref__name">{name}</span>}
    </span>
  );
}
