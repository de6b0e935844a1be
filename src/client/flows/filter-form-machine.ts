/**
 * A list's filter form: the fields are edited as a draft (CHANGE), APPLY checks the day range (a
 * From after To is named at From) and trims the draft and hands it to `apply` (the address), CLEAR
 * empties both, and EDIT starts from the applied filters again (after Back, say). The audit log's
 * and the punch log's filters.
 */
import { assign, setup } from 'xstate';

/** Filters with a day range; every field is the text of its input. */
export interface RangeFilters {
  from: string;
  to: string;
}

export type FilterProblems<F> = Partial<Record<keyof F, string>>;

export type FilterFormEvent<F> = { type: 'CHANGE'; field: keyof F & string; value: string } | { type: 'APPLY' } | { type: 'CLEAR' } | { type: 'EDIT'; filters: F };

export interface FilterFormOptions<F> {
  id: string;
  /** No filter at all. */
  empty: F;
  /** What a From after To says. */
  rangeBackwards: string;
  /** The filters as applied: the free text trimmed. */
  trimmed: (filters: F) => F;
}

export function createFilterFormMachine<F extends RangeFilters>({ id, empty, rangeBackwards, trimmed }: FilterFormOptions<F>) {
  const problemsOf = (f: F): FilterProblems<F> => (f.from && f.to && f.from > f.to ? ({ from: rangeBackwards } as FilterProblems<F>) : {});
  return setup({
    types: {
      context: {} as { draft: F; problems: FilterProblems<F> },
      events: {} as FilterFormEvent<F>,
      input: {} as { filters: F } | undefined,
    },
    // Hands on the draft as it now stands: the filters to apply.
    actions: { apply: () => {} },
  }).createMachine({
    id,
    context: ({ input }) => ({ draft: input?.filters ?? empty, problems: {} }),
    on: {
      CHANGE: { actions: assign(({ context, event }) => ({ draft: { ...context.draft, [event.field]: event.value }, problems: {} })) },
      EDIT: { actions: assign(({ event }) => ({ draft: event.filters, problems: {} })) },
      APPLY: [
        { guard: ({ context }) => Object.keys(problemsOf(context.draft)).length > 0, actions: assign(({ context }) => ({ problems: problemsOf(context.draft) })) },
        { actions: [assign(({ context }) => ({ draft: trimmed(context.draft) })), 'apply'] },
      ],
      CLEAR: { actions: [assign({ draft: empty, problems: {} }), 'apply'] },
    },
  });
}

export type FilterFormMachine<F extends RangeFilters> = ReturnType<typeof createFilterFormMachine<F>>;
