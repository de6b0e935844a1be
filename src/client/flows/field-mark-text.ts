/**
 * The words of a field's mark. A mark sits under the field's own label, so a message that opens with
 * the field's API name, as the shared schemas word it for the server's answer ("legalName is
 * required", "graceMinutes must be from 0 to 120", "statutory.pan: …"), drops that name there:
 * "Required", "Must be from 0 to 120". The form's line above the fields keeps the whole message.
 * Messages already written for people ("PAN must look like …", "Name is required") start with a
 * capital and are kept.
 */
const API_NAME = /^[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*(?::\s+|\s+(?=(?:is|are|must|cannot|can't|should|has|needs)\b))/;

/** Whether `message` opens with an API name (what fieldMarkText drops). */
export const opensWithApiName = (message: string): boolean => fieldMarkText(message) !== message;

/**
 * The form's line over fields the check marked, in place of the first mark's message when that one
 * opens with an API name: the marks say what is wrong, under labels a person knows.
 */
export const fixMarkedFields = (count: number): string => (count === 1 ? 'Fix the marked field below.' : `Fix the ${count} marked fields below.`);

export function fieldMarkText(message: string): string {
  const match = API_NAME.exec(message);
  if (!match) return message;
  const rest = message.slice(match[0].length).trim();
  if (!rest) return message;
  if (/^is required\.?$/i.test(rest)) return 'Required';
  const said = rest.replace(/^is /, '');
  return said.charAt(0).toUpperCase() + said.slice(1);
}
