/**
 * After a check or an answer marks fields, focus goes to the first marked control in the form's
 * order, so a keyboard or screen-reader user lands where the fix is. Runs when the marks change,
 * not on every render; a mark taken away by editing its field (the marks left are fewer, all
 * marked before) moves nothing, so the focus stays where the person is typing.
 */
import { useEffect, useRef, type RefObject } from 'react';

export function useFocusFirstInvalid(form: RefObject<HTMLElement | null>, fieldErrors: object): void {
  const previous = useRef<string[]>([]);
  useEffect(() => {
    const before = previous.current;
    const now = Object.keys(fieldErrors);
    previous.current = now;
    if (now.length === 0) return;
    const onlyFewer = now.length < before.length && now.every((field) => before.includes(field));
    if (onlyFewer) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, fieldErrors]);
}
