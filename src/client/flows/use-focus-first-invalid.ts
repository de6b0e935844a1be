/**
 * After a check or an answer marks fields, focus goes to the first marked control in the form's
 * order, so a keyboard or screen-reader user lands where the fix is. Runs when the marks change,
 * not on every render.
 */
import { useEffect, type RefObject } from 'react';

export function useFocusFirstInvalid(form: RefObject<HTMLElement | null>, fieldErrors: object): void {
  useEffect(() => {
    if (Object.keys(fieldErrors).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, fieldErrors]);
}
