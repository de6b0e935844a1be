/**
 * The Company profile form's flow (the edit-form machine, staying open once saved): the profile's
 * fields as the inputs' text, checked with the shared schema the server uses, so the form refuses
 * exactly what the server would.
 */
import { companyProfileBody, type CompanyProfile, type CompanyProfileBody } from '../../../shared/schemas/company-profile';
import { errorMessage } from '../../api/error-message';
import { createEditFormMachine } from '../../features/leave-policy/edit-form-machine';
import { schemaProblem } from '../../flows/schema-problem';

export interface CompanyProfileValues extends Record<string, string> {
  legalName: string;
  address: string;
  pfEstablishmentCode: string;
  esiEmployerCode: string;
  tan: string;
  timeZone: string;
  leaveYearStartMonth: string;
}

export const profileValues = (p: CompanyProfile): CompanyProfileValues => ({
  legalName: p.legalName,
  address: p.address ?? '',
  pfEstablishmentCode: p.pfEstablishmentCode ?? '',
  esiEmployerCode: p.esiEmployerCode ?? '',
  tan: p.tan ?? '',
  timeZone: p.timeZone,
  leaveYearStartMonth: String(p.leaveYearStartMonth),
});

const toBody = (v: CompanyProfileValues): CompanyProfileBody => ({ ...v, leaveYearStartMonth: Number(v.leaveYearStartMonth) as 1 | 4 });

export const companyProfileMachine = createEditFormMachine<CompanyProfileValues, CompanyProfileBody>({
  id: 'companyProfile',
  validate: (values) => schemaProblem(companyProfileBody, toBody(values)),
  toInput: (values) => toBody(values),
  failure: (error) => `Error saving the company profile: ${errorMessage(error, 'the profile could not be saved')}`,
  success: () => 'Company profile saved',
  afterSuccess: 'stay',
});
