/**
 * My Team's stand-in flows: naming one (a person and a date range, checked before anything is sent;
 * the server's schema is the judge) and removing one, asked first in the in-app dialog. The calls are
 * injected.
 */
import { errorMessage } from '../../api/error-message';
import { createFormSubmitMachine } from '../../flows/form-submit-machine';
import { createRowActionMachine } from '../../flows/row-action-machine';
import type { StandInCreate } from '../../../shared/schemas/team';
import { TEAM_UI } from '../../features/team/team-copy';

export type StandInValues = Record<'standInId' | 'from' | 'to', string>;

/** The first problem with the typed stand-in, or null. */
export function standInProblem({ standInId, from, to }: StandInValues): string | null {
  if (standInId === '') return TEAM_UI.standInPersonRequired;
  if (from === '' || to === '') return TEAM_UI.standInDatesRequired;
  if (to < from) return TEAM_UI.standInDatesOrder;
  return null;
}

/** Every field wrong with the typed stand-in, each with its problem. */
export function standInFieldProblems({ standInId, from, to }: StandInValues): Partial<StandInValues> {
  const marks: Partial<StandInValues> = {};
  if (standInId === '') marks.standInId = TEAM_UI.standInPersonRequired;
  if (from === '') marks.from = TEAM_UI.standInDatesRequired;
  if (to === '') marks.to = TEAM_UI.standInDatesRequired;
  else if (from !== '' && to < from) marks.to = TEAM_UI.standInDatesOrder;
  return marks;
}

/** The "Name a stand-in" form; provide `submit` (POST /api/team/stand-ins). */
export const standInMachine = createFormSubmitMachine<StandInValues, StandInCreate>({
  id: 'standIn',
  blank: { standInId: '', from: '', to: '' },
  validate: standInProblem,
  fieldProblems: standInFieldProblems,
  toInput: (v) => ({ standInId: v.standInId, from: v.from, to: v.to }),
  failure: (error) => TEAM_UI.standInFailed + errorMessage(error, 'the stand-in could not be added'),
  afterSuccess: 'keepEditing',
});

export interface RemoveStandInInput {
  id: string;
  name: string;
  from: string;
  to: string;
}

/** One removal at a time, confirmed first; provide `run` (DELETE /api/team/stand-ins/{id}). */
export const removeStandInMachine = createRowActionMachine<RemoveStandInInput>({
  id: 'removeStandIn',
  failure: (error) => TEAM_UI.removeFailed + errorMessage(error, 'the stand-in could not be removed'),
  confirmation: ({ name, from, to }) => ({
    title: TEAM_UI.remove,
    message: TEAM_UI.removeQuestion(name, from, to),
    confirmLabel: TEAM_UI.remove,
    danger: true,
  }),
});
