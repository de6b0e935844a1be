/**
 * Edit Employee flow (spec sections 2, 5 and 8): editing -> saving -> saved (the server's msg, a
 * success toast that outlives the page, and the list), or 'Error updating employee: ' + msg as an
 * error toast and back to editing. The record is loaded by RTK Query before this machine starts;
 * the call, `notify` and `redirect` are injected.
 */
import { assign, fromPromise, setup } from 'xstate';
import { FALLBACK, PREFIX } from '../../copy';
import { errorMessage } from '../../api/error-message';
import type { UpdateEmployeeRequest } from './employees-api';
import { employeeFormProblem, toEmployeeCreate, type EmployeeFormValues } from './add-employee-machine';

export type EditEmployeeEvent = { type: 'SUBMIT'; values: EmployeeFormValues };

export interface EditEmployeeContext {
  id: string;
  /** What was submitted, held only while it is being saved. */
  draft: EmployeeFormValues | null;
  error: string | null;
}

/** The edit screen's machine; input is the record id, provide `updateEmployee`, `notify` and `redirect`. */
export const editEmployeeMachine = setup({
  types: {
    context: {} as EditEmployeeContext,
    events: {} as EditEmployeeEvent,
    input: {} as { id: string },
  },
  actors: {
    updateEmployee: fromPromise<{ msg?: string }, UpdateEmployeeRequest>(async () => {
      throw new Error('updateEmployee actor not provided');
    }),
  },
  actions: {
    notify: (_, _params: { tone: 'success' | 'error'; message: string }) => {},
    redirect: () => {},
  },
  guards: {
    invalid: ({ event }) => employeeFormProblem(event.values) !== null,
  },
}).createMachine({
  id: 'editEmployee',
  context: ({ input }) => ({ id: input.id, draft: null, error: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        SUBMIT: [
          // The same checks as Add Employee: the spec's 'All fields are required', then the server's schema.
          { guard: 'invalid', actions: assign({ error: ({ event }) => employeeFormProblem(event.values) }) },
          { target: 'saving', actions: assign({ draft: ({ event }) => event.values, error: null }) },
        ],
      },
    },
    saving: {
      invoke: {
        src: 'updateEmployee',
        input: ({ context }) => ({ id: context.id, ...toEmployeeCreate(context.draft!) }),
        onDone: {
          target: 'saved',
          actions: [{ type: 'notify', params: ({ event }) => ({ tone: 'success', message: event.output?.msg ?? '' }) }, 'redirect'],
        },
        onError: {
          target: 'editing',
          actions: [
            assign({ draft: null }),
            {
              type: 'notify',
              params: ({ event }) => ({ tone: 'error', message: PREFIX.updateEmployee + errorMessage(event.error, FALLBACK.server) }),
            },
          ],
        },
      },
    },
    saved: { type: 'final' },
  },
});
