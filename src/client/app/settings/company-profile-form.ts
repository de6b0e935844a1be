/**
 * The Company profile form's flow (the form flow, alerted: a toast says it was saved and the fields keep it): the profile's fields as
 * the inputs' text, checked with the shared schema the server uses, so the form refuses exactly
 * what the server would, and marks every field it refuses.
 */
import { companyProfileBody, type CompanyProfile, type CompanyProfileBody } from '../../../shared/schemas/company-profile';
import { errorMessage } from '../../api/error-message';
import { createFormSubmitMachine } from '../../flows/form-submit-machine';
import { schemaFieldProblems, schemaProblem } from '../../flows/schema-problem';

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

export const companyProfileMachine = createFormSubmitMachine<CompanyProfileValues, CompanyProfileBody>({
  id: 'companyProfile',
  blank: { legalName: '', address: '', pfEstablishmentCode: '', esiEmployerCode: '', tan: '', timeZone: 'Asia/Kolkata', leaveYearStartMonth: '4' },
  validate: (values) => schemaProblem(companyProfileBody, toBody(values)),
  fieldProblems: (values) => schemaFieldProblems(companyProfileBody, toBody(values)),
  toInput: (values) => toBody(values),
  failure: (error) => `Error saving the company profile: ${errorMessage(error, 'the profile could not be saved')}`,
  successText: () => 'Company profile saved',
  // Told as a toast, as the other settings cards are; the fields keep what was saved.
  announce: 'alert',
  afterSuccess: 'keepEditing',
});
