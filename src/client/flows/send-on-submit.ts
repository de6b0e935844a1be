/**
 * A form's onSubmit that hands the submit to its machine: the browser's own submit (a page load) is
 * stopped, and the machine decides what the submit does.
 */
import type { FormEvent } from 'react';

export const sendOnSubmit =
  <E>(send: (event: E) => void, event: E) =>
  (formEvent: FormEvent<HTMLFormElement>) => {
    formEvent.preventDefault();
    send(event);
  };
