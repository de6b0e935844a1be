/**
 * The flows of an admin setting past days, from the register:
 * - one person's day (dayFormMachine): the shared form flow; the status, the punches for a present
 *   or half day, and a required reason, checked with the server's own schema;
 * - many people's days (markDaysMachine): editing -> previewing -> reviewing -> marking -> done.
 *   The preview is the server's dry run, so what the admin confirms is exactly what the server
 *   will do: how many days, how many replace a record, and which days are left alone and why.
 *   Any edit after a preview goes back to editing, so an outdated preview is never confirmed.
 * The calls (`markDays`, `submit`) and `notify` are injected; tests drive both headlessly.
 */
import { assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { adminDayBody, bulkMarkBody, type AdminDayBody, type BulkMarkAnswer, type BulkMarkBody } from '../../../shared/schemas/attendance-admin';
import { errorFields, errorMessage } from '../../api/error-message';
import { createFormSubmitMachine, type FieldErrors, withoutMark } from '../../flows/form-submit-machine';
import { schemaFieldProblems, schemaProblem } from '../../flows/schema-problem';
import { REGISTER_UI as UI } from './register-copy';

export type DayFormValues = { status: string; punchIn: string; punchOut: string; reason: string };

/** The day being set, as the form's target: `employeeId|date`. */
export const dayTarget = (employeeId: string, date: string) => `${employeeId}|${date}`;

export const toDayBody = (v: DayFormValues, target: string): AdminDayBody => {
  const [employeeId = '', date = ''] = target.split('|');
  const punches = v.status !== 'A';
  return {
    employeeId,
    date,
    status: v.status as AdminDayBody['status'],
    punchIn: punches && v.punchIn ? v.punchIn : null,
    punchOut: punches && v.punchOut ? v.punchOut : null,
    reason: v.reason.trim(),
  };
};

export const dayFormMachine = createFormSubmitMachine<DayFormValues, AdminDayBody>({
  id: 'adminDayForm',
  blank: { status: 'P', punchIn: '', punchOut: '', reason: '' },
  // The target is always given by the dialog; the checks are the schema's, field by field.
  validate: (v) => schemaProblem(adminDayBody, toDayBody(v, dayTarget('X', '2000-01-01'))),
  fieldProblems: (v) => schemaFieldProblems(adminDayBody, toDayBody(v, dayTarget('X', '2000-01-01'))) as FieldErrors<DayFormValues>,
  toInput: (v, target) => toDayBody(v, target!),
  failure: (error) => UI.dayFailed + errorMessage(error, UI.tryAgain),
  announce: 'alert',
  afterSuccess: 'keepEditing',
});

export type MarkDaysValues = {
  /** 'page': everyone on the register's page; 'codes': the employee IDs typed in `codes`. */
  people: 'page' | 'codes';
  codes: string;
  from: string;
  to: string;
  status: string;
  includeDaysOff: boolean;
  reason: string;
};
type MarkField = keyof MarkDaysValues;

export interface MarkDaysInput {
  /** The employee IDs on the register's page. */
  pageCodes: string[];
  /** The range to start from (the register's month, to today at most). */
  from: string;
  to: string;
}

interface MarkDaysContext {
  pageCodes: string[];
  values: MarkDaysValues;
  preview: BulkMarkAnswer | null;
  result: BulkMarkAnswer | null;
  error: string | null;
  fieldErrors: Partial<Record<MarkField, string>>;
}

export type MarkDaysEvent =
  | { type: 'CHANGE'; field: MarkField; value: string | boolean }
  | { type: 'PREVIEW' }
  | { type: 'EDIT' }
  | { type: 'MARK' };

/** Employee IDs as typed: separated by commas, semicolons, spaces or lines. */
export const splitCodes = (text: string) => [...new Set(text.split(/[\s,;]+/).filter(Boolean))];

export const toMarkBody = (v: MarkDaysValues, pageCodes: string[]): BulkMarkBody => ({
  employeeIds: v.people === 'page' ? pageCodes : splitCodes(v.codes),
  from: v.from,
  to: v.to,
  status: v.status as BulkMarkBody['status'],
  includeDaysOff: v.includeDaysOff,
  reason: v.reason.trim(),
});

/** A path of the body's problems as the form's field: the people's list is the codes box. */
const markFieldOf = (path: string): MarkField | null => {
  const first = path.split('.')[0]!;
  if (first === 'employeeIds') return 'codes';
  return (['from', 'to', 'status', 'reason'] as const).find((f) => f === first) ?? null;
};
const markFields = (problems: Record<string, string>) => {
  const marks: Partial<Record<MarkField, string>> = {};
  for (const [path, message] of Object.entries(problems)) {
    const field = markFieldOf(path);
    if (field && !marks[field]) marks[field] = message;
  }
  return marks;
};

export const markDaysMachine = setup({
  types: {} as { context: MarkDaysContext; events: MarkDaysEvent; input: MarkDaysInput },
  actors: {
    markDays: fromPromise<BulkMarkAnswer, { body: BulkMarkBody; dryRun: boolean }>(() => {
      throw new Error('markDays is provided by the view');
    }),
  },
  actions: {
    notify: (_, _params: { message: string }) => {},
    /** The days are marked: the view closes the dialog. */
    finished: () => {},
  },
  guards: {
    valid: ({ context }) => bulkMarkBody.safeParse(toMarkBody(context.values, context.pageCodes)).success,
  },
}).createMachine({
  id: 'markDays',
  context: ({ input }) => ({
    pageCodes: input.pageCodes,
    values: { people: 'page', codes: '', from: input.from, to: input.to, status: 'P', includeDaysOff: false, reason: '' },
    preview: null,
    result: null,
    error: null,
    fieldErrors: {},
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        CHANGE: {
          actions: assign(({ context, event }) => {
            const rest = withoutMark(context.fieldErrors, event.field);
            // Choosing who is marked clears the people's mark too.
            return { values: { ...context.values, [event.field]: event.value }, fieldErrors: event.field === 'people' ? withoutMark(rest, 'codes') : rest, error: null };
          }),
        },
        PREVIEW: [
          { guard: 'valid', target: 'previewing' },
          {
            actions: assign(({ context }) => {
              const body = toMarkBody(context.values, context.pageCodes);
              return { fieldErrors: markFields(schemaFieldProblems(bulkMarkBody, body)), error: schemaProblem(bulkMarkBody, body) };
            }),
          },
        ],
      },
    },
    previewing: {
      invoke: {
        src: 'markDays',
        input: ({ context }) => ({ body: toMarkBody(context.values, context.pageCodes), dryRun: true }),
        onDone: { target: 'reviewing', actions: assign({ preview: ({ event }) => (event as DoneActorEvent<BulkMarkAnswer>).output, error: null }) },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => {
            const error = (event as ErrorActorEvent).error;
            return { error: UI.previewFailed + errorMessage(error, UI.tryAgain), fieldErrors: markFields(errorFields(error)) };
          }),
        },
      },
    },
    reviewing: {
      on: {
        MARK: { target: 'marking' },
        EDIT: { target: 'editing', actions: assign({ preview: null }) },
        CHANGE: {
          target: 'editing',
          actions: assign(({ context, event }) => ({ values: { ...context.values, [event.field]: event.value }, preview: null })),
        },
      },
    },
    marking: {
      invoke: {
        src: 'markDays',
        input: ({ context }) => ({ body: toMarkBody(context.values, context.pageCodes), dryRun: false }),
        onDone: {
          target: 'done',
          actions: [
            assign({ result: ({ event }) => (event as DoneActorEvent<BulkMarkAnswer>).output }),
            { type: 'notify', params: ({ event }) => ({ message: (event as DoneActorEvent<BulkMarkAnswer>).output.msg }) },
          ],
        },
        // The days did not change: the admin sees why beside the preview and may try again.
        onError: { target: 'reviewing', actions: assign({ error: ({ event }) => UI.markFailed + errorMessage((event as ErrorActorEvent).error, UI.tryAgain) }) },
      },
    },
    done: { type: 'final', entry: 'finished' },
  },
});
