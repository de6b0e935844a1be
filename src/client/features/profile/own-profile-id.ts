/**
 * Whose profile the Profile screen shows (product.md, Screens): the token's user.id, or, for a token
 * without one, the _id that GET /api/employee/current answered. Selectors over the session's token
 * and the API's cache, so the screen only subscribes and renders.
 */
import { employeeApi } from '../../api/employee-api';
import type { RootState } from '../../app/store';
import { ownUserId } from '../session/token';

/** Whether the token leaves the id to GET /api/employee/current. */
export const needsCurrentEmployee = (token: string | null): boolean => token !== null && ownUserId(token) === null;

const selectCurrentEmployee = employeeApi.endpoints.getCurrentEmployee.select();

/** The own record's id, or null until it is known (or without a token). */
export const selectOwnProfileId = (state: RootState, token: string | null): string | null =>
  token === null ? null : (ownUserId(token) ?? selectCurrentEmployee(state).data?._id ?? null);
