/**
 * The Admins screen's flows: the invitation form (editing -> submitting -> success, the form cleared
 * and the server's msg shown; a blank or malformed field named before anything is sent) and the
 * deactivation of one admin, asked first in the in-app dialog. The calls are injected.
 */
import { errorMessage } from '../../api/error-message';
import { createFormSubmitMachine, type FieldErrors } from '../../flows/form-submit-machine';
import { createRowActionMachine } from '../../flows/row-action-machine';
import { ADMINS_UI } from './admins-copy';

export type AdminInviteValues = Record<'name' | 'email', string>;

// The browser's own check of the shape; the server's schema is the judge.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The first problem with the typed invitation, or null. */
export function inviteProblem({ name, email }: AdminInviteValues): string | null {
  if (name.trim() === '') return ADMINS_UI.nameRequired;
  if (email.trim() === '') return ADMINS_UI.emailRequired;
  if (!EMAIL_SHAPE.test(email.trim())) return ADMINS_UI.emailInvalid;
  return null;
}

/** Each field that is wrong, marked at once, in the same words. */
export function inviteFieldProblems({ name, email }: AdminInviteValues): FieldErrors<AdminInviteValues> {
  const marks: FieldErrors<AdminInviteValues> = {};
  if (name.trim() === '') marks.name = ADMINS_UI.nameRequired;
  if (email.trim() === '') marks.email = ADMINS_UI.emailRequired;
  else if (!EMAIL_SHAPE.test(email.trim())) marks.email = ADMINS_UI.emailInvalid;
  return marks;
}

/** The invitation form; provide `submit` (POST /api/admins). */
export const adminInviteMachine = createFormSubmitMachine<AdminInviteValues, AdminInviteValues>({
  id: 'adminInvite',
  blank: { name: '', email: '' },
  validate: inviteProblem,
  fieldProblems: inviteFieldProblems,
  toInput: ({ name, email }) => ({ name: name.trim(), email: email.trim() }),
  failure: (error) => errorMessage(error, ADMINS_UI.inviteFailed),
  afterSuccess: 'keepEditing',
});

export interface DeactivateInput {
  id: string;
  name: string;
  email: string;
}

/** One deactivation at a time, confirmed first; provide `run` (PUT /api/admins/:id/deactivate). */
export const deactivateAdminMachine = createRowActionMachine<DeactivateInput>({
  id: 'deactivateAdmin',
  // The server's msg says why it refused (the last active admin, oneself).
  failure: (error) => errorMessage(error, ADMINS_UI.deactivateFailed),
  confirmation: ({ name, email }) => ({
    title: ADMINS_UI.deactivate,
    message: ADMINS_UI.deactivateQuestion(name, email),
    confirmLabel: ADMINS_UI.deactivate,
    danger: true,
  }),
});
