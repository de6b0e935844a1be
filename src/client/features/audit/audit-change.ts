/**
 * One line saying what an audit entry changed, from the record before and after: the fields whose
 * values differ ("salary: 50000 → 60000"), or what was recorded when there is only one side.
 */
const MAX = 240;

const show = (v: unknown): string => (v === null || v === undefined ? '—' : typeof v === 'string' ? v : JSON.stringify(v));
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function changeSummary(before: unknown, after: unknown): string {
  let text: string;
  if (isObject(before) && isObject(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    text = keys
      .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
      .map((k) => `${k}: ${show(before[k])} → ${show(after[k])}`)
      .join('; ');
  } else if (isObject(after) || isObject(before)) {
    const one = (isObject(after) ? after : before) as Record<string, unknown>;
    text = Object.entries(one)
      .map(([k, v]) => `${k}: ${show(v)}`)
      .join('; ');
  } else if (before === null || before === undefined) {
    text = after === null || after === undefined ? '' : show(after);
  } else {
    text = `${show(before)} → ${show(after)}`;
  }
  return text.length > MAX ? `${text.slice(0, MAX - 1)}…` : text;
}
