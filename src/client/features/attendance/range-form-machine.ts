/**
 * The Attendance screen's range form (product.md, Screens and Input rules): the dates being typed (`draft`) and
 * the range the list shows (`applied`). APPLY checks the draft as the server would (both dates,
 * then the shared schema's order) and, when it passes, shows it; otherwise the problem is shown
 * and the list keeps its range. Starts from the input range (the last 30 days).
 */
import { assign, setup } from 'xstate';
import type { ReportRange } from './attendance-api';
import { rangeProblem } from './range-problem';

export interface RangeFormContext {
  draft: ReportRange;
  applied: ReportRange;
  problem: string | null;
}

export type RangeFormEvent = { type: 'CHANGE'; field: keyof ReportRange; value: string } | { type: 'APPLY' };

const problemOf = ({ draft }: RangeFormContext) => rangeProblem(draft.startDate, draft.endDate);

export const rangeFormMachine = setup({
  types: { context: {} as RangeFormContext, events: {} as RangeFormEvent, input: {} as { range: ReportRange } },
  guards: { rejected: ({ context }) => problemOf(context) !== null },
}).createMachine({
  id: 'rangeForm',
  context: ({ input }) => ({ draft: input.range, applied: input.range, problem: null }),
  on: {
    CHANGE: { actions: assign({ draft: ({ context, event }) => ({ ...context.draft, [event.field]: event.value }) }) },
    APPLY: [
      { guard: 'rejected', actions: assign({ problem: ({ context }) => problemOf(context) }) },
      { actions: assign({ applied: ({ context }) => context.draft, problem: null }) },
    ],
  },
});
