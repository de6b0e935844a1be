/**
 * The flows of the Devices, Punches and Held punches screens, their calls injected so they run
 * headless:
 * - registering a device (serial number, name, location, allowed addresses): blanks and the server's
 *   own schema checked before anything is sent, every wrong field marked; the form clears on success;
 * - renaming one device inline (the success is a toast and the editor closes);
 * - switching a device off (asked first: it stops taking punches) or on, accepting a seen serial
 *   number, one at a time; applying or discarding a held punch (asked first, naming why it waits,
 *   with a reason the employee sees);
 * - giving an unknown PIN to an employee by employee ID;
 * - the raw log's filters: a draft, APPLY checks the days' order and hands them to the address.
 */
import { deviceBody, type DeviceBody } from '../../../shared/schemas/device';
import { errorMessage } from '../../api/error-message';
import { createFilterFormMachine } from '../../flows/filter-form-machine';
import { createFormSubmitMachine } from '../../flows/form-submit-machine';
import { createRemarkActionMachine } from '../../flows/remark-action-machine';
import { createRowActionMachine } from '../../flows/row-action-machine';
import { schemaFieldProblems, schemaProblem } from '../../flows/schema-problem';
import { NO_PUNCH_FILTERS, type PunchFilters } from './devices-api';
import { DEVICES_UI as UI } from './devices-copy';

export type RegisterDeviceValues = Record<'serialNumber' | 'name' | 'locationId' | 'allowedCidrs', string>;
export const BLANK_DEVICE: RegisterDeviceValues = { serialNumber: '', name: '', locationId: '', allowedCidrs: '' };

/** What is sent: trimmed; the address ranges split at commas or spaces; no location or range: left out. */
export function toDeviceBody(v: RegisterDeviceValues): DeviceBody {
  const ranges = v.allowedCidrs.split(/[\s,]+/).filter(Boolean);
  return {
    serialNumber: v.serialNumber.trim(),
    name: v.name.trim(),
    ...(v.locationId && { locationId: v.locationId }),
    ...(ranges.length && { allowedCidrs: ranges }),
  };
}

const blanks = (v: RegisterDeviceValues): Partial<RegisterDeviceValues> => ({
  ...(v.serialNumber.trim() === '' && { serialNumber: UI.serialRequired }),
  ...(v.name.trim() === '' && { name: UI.nameRequired }),
});

/** Every wrong field of the registration: blanks first, then the server's schema on what would be sent. */
export function registerProblems(v: RegisterDeviceValues): Partial<RegisterDeviceValues> {
  const found = schemaFieldProblems(deviceBody, toDeviceBody(v));
  // 'allowedCidrs.1' is the ranges' field; a blank field is named as required.
  return { ...Object.fromEntries(Object.entries(found).map(([path, message]) => [path.split('.')[0]!, message])), ...blanks(v) };
}

export const registerDeviceMachine = createFormSubmitMachine<RegisterDeviceValues, DeviceBody>({
  id: 'registerDevice',
  blank: BLANK_DEVICE,
  validate: (v) => Object.values(blanks(v))[0] ?? schemaProblem(deviceBody, toDeviceBody(v)),
  fieldProblems: registerProblems,
  fieldOf: (path) => {
    const field = path.split('.')[0]!;
    return field in BLANK_DEVICE ? (field as keyof RegisterDeviceValues) : null;
  },
  toInput: toDeviceBody,
  failure: (error) => errorMessage(error, UI.registerFailed),
  afterSuccess: 'keepEditing',
});

export type RenameValues = { name: string };

/** One device's new name; input: its current name and id. The success is a toast. */
export const renameDeviceMachine = createFormSubmitMachine<RenameValues, { id: string; name: string }>({
  id: 'renameDevice',
  blank: { name: '' },
  validate: ({ name }) => (name.trim() === '' ? UI.nameRequired : schemaProblem(deviceBody.shape.name, name.trim())),
  fieldProblems: ({ name }) => {
    const problem = name.trim() === '' ? UI.nameRequired : schemaProblem(deviceBody.shape.name, name.trim());
    return problem ? { name: problem } : {};
  },
  toInput: ({ name }, target) => ({ id: target!, name: name.trim() }),
  failure: (error) => errorMessage(error, UI.renameFailed),
  announce: 'alert',
  afterSuccess: 'keepEditing',
});

export interface ToggleInput {
  id: string;
  name: string;
  serial: string;
  /** What the device becomes. */
  enabled: boolean;
}

/** Switching a device off (asked first) or on. */
export const toggleDeviceMachine = createRowActionMachine<ToggleInput>({
  id: 'toggleDevice',
  failure: (error) => errorMessage(error, UI.toggleFailed),
  confirmation: ({ enabled, name, serial }) => (enabled ? null : { title: UI.disable, message: UI.disableQuestion(name, serial), confirmLabel: UI.disable, danger: true }),
});

/** Accepting a seen serial number: `id` is the serial number. */
export const acceptSightingMachine = createRowActionMachine<{ id: string }>({
  id: 'acceptSighting',
  failure: (error) => errorMessage(error, UI.acceptFailed),
});

/** Both applying and discarding a held punch need the admin's reason. */
export const heldReasonRequired = () => true;

/** Applying (approved) or discarding (rejected) a held punch, always with the admin's reason. */
export const heldDecisionMachine = createRemarkActionMachine({
  id: 'heldPunch',
  failure: (error) => errorMessage(error, UI.decideFailed),
  remarkRequired: heldReasonRequired,
});

export type MapPinValues = { employeeId: string };

/** Giving an unknown PIN (the target) to an employee by employee ID. */
export const mapPinMachine = createFormSubmitMachine<MapPinValues, { id: string; employeeId: string }>({
  id: 'mapPin',
  blank: { employeeId: '' },
  validate: ({ employeeId }) => (employeeId.trim() === '' ? UI.employeeIdRequired : null),
  fieldProblems: ({ employeeId }) => (employeeId.trim() === '' ? { employeeId: UI.employeeIdRequired } : {}),
  toInput: ({ employeeId }, target) => ({ id: target!, employeeId: employeeId.trim() }),
  failure: (error) => errorMessage(error, UI.mapFailed),
  announce: 'alert',
  afterSuccess: 'keepEditing',
});

export type PunchFilterField = keyof PunchFilters;

/** The raw log's filters (filter-form-machine.ts), applied to the address; the search is trimmed. */
export const punchFilterMachine = createFilterFormMachine<PunchFilters>({
  id: 'punchFilters',
  empty: NO_PUNCH_FILTERS,
  rangeBackwards: UI.rangeBackwards,
  trimmed: (f) => ({ ...f, q: f.q.trim() }),
});
