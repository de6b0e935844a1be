/** The employee-records module's public surface: other modules and the server import only this file. */
export { normalizePin } from './device-pin';
export { EMPLOYEE_MSG } from './employee-messages';
export { allocateEmployeeIds, deactivateEmployee, findActiveEmployeeByUserId, findEmployeeByBusinessId, findEmployeeByUserId, findPinHolders, findTakenEmails, findTakenEmployeeIds, formatEmployeeId, insertEmployees, isEmailTaken, listActiveEmployees, lockEmployeeCounter, paiseToRupees, rupeesToPaise, selectEmployees, toEmployee, updateEmployee, type EmployeeRow, type InsertedEmployee, type NewEmployee } from './employee-repository';
export { changesLeavingDate, insertNewStatutory, loadStatutory, loadStatutoryByUser, NO_STATUTORY, saveStatutory, statutoryUpdateProblem, statutoryView, wageAtJoiningPaise, type StatutoryValues } from './employee-statutory';
export { holdLeavingDates, leavingDatesStamp } from './leaving-dates';
export { findPlaces, listDepartments, listLocations, type Places } from './places';
