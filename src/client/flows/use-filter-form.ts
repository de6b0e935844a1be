/**
 * Runs a filter form machine (filter-form-machine.ts) for a list whose filters live in the address:
 * applied filters go to `onApply`, and when the address changes from outside the form (Back, a
 * link) the form follows it. Hands the view the draft, its problems and the inputs' handlers.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useMachine } from '@xstate/react';
import type { FilterFormMachine, RangeFilters } from './filter-form-machine';

export function useFilterForm<F extends RangeFilters>(machine: FilterFormMachine<F>, applied: F, onApply: (filters: F) => void) {
  const [logic] = useState(() => machine.provide({ actions: { apply: ({ context }) => onApply(context.draft) } }));
  const [state, send] = useMachine(logic, { input: { filters: applied } });
  const appliedKey = JSON.stringify(applied);
  useEffect(() => send({ type: 'EDIT', filters: JSON.parse(appliedKey) as F }), [appliedKey, send]);
  return {
    draft: state.context.draft,
    problems: state.context.problems,
    send,
    /** The handler of a field's input. */
    change: (field: keyof F & string) => (e: { target: { value: string } }) => send({ type: 'CHANGE', field, value: e.target.value }),
    submit: (e: FormEvent<HTMLFormElement>) => {
      e.preventDefault();
      send({ type: 'APPLY' });
    },
  };
}
