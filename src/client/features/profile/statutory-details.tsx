/**
 * The employee's own statutory and bank details on their profile, read-only: an admin
 * keeps them. The server sends the bank account number masked (XXXXXX1234) to anyone but an admin,
 * so the full number never reaches the employee's browser.
 */
import { Fragment } from 'react';
import {
  GENDER_LABELS,
  INDIAN_STATES,
  STATUTORY_LABELS,
  TAX_REGIME_LABELS,
  type StatutoryDetails,
} from '../../../shared/schemas/employee-statutory';

const STATUTORY_UI = {
  profileTitle: 'Statutory and bank details',
  profileIntro: 'Your HR administrator keeps these details. Ask them to correct anything that is wrong.',
  notGiven: 'Not given',
  maskedNote: 'Only the last four digits are shown.',
} as const;

export function StatutoryDetailsList({ details }: { details: StatutoryDetails }) {
  const shown = (value: string | null) => value ?? STATUTORY_UI.notGiven;
  const rows: [string, string][] = [
    [STATUTORY_LABELS.stateOfWork, details.stateOfWork ? ((INDIAN_STATES as Record<string, string>)[details.stateOfWork] ?? details.stateOfWork) : STATUTORY_UI.notGiven],
    [STATUTORY_LABELS.pan, shown(details.pan)],
    [STATUTORY_LABELS.uan, shown(details.uan)],
    [STATUTORY_LABELS.esiNumber, shown(details.esiNumber)],
    [STATUTORY_LABELS.bankAccount, shown(details.bankAccount)],
    [STATUTORY_LABELS.ifsc, shown(details.ifsc)],
    [STATUTORY_LABELS.taxRegime, TAX_REGIME_LABELS[details.taxRegime ?? 'new']],
    [STATUTORY_LABELS.gender, details.gender ? GENDER_LABELS[details.gender] : STATUTORY_UI.notGiven],
    [STATUTORY_LABELS.pfOnFullWages, details.pfOnFullWages ? 'Yes' : 'No (on the PF wage ceiling)'],
    [STATUTORY_LABELS.dateOfBirth, shown(details.dateOfBirth)],
    [STATUTORY_LABELS.personWithDisability, details.personWithDisability ? 'Yes' : 'No'],
    [STATUTORY_LABELS.pfMember, details.pfMember ? 'Yes' : 'No (excluded employee)'],
    ...(details.pfFirstJoinedOn ? [[STATUTORY_LABELS.pfFirstJoinedOn, details.pfFirstJoinedOn] as [string, string]] : []),
    ...(details.pfMember ? [[STATUTORY_LABELS.epsEligible, `${details.epsEligibility.eligible ? 'Eligible' : 'Not eligible'}. ${details.epsEligibility.reason}`] as [string, string]] : []),
    ...(details.leftOn ? [[STATUTORY_LABELS.leftOn, details.leftOn] as [string, string]] : []),
  ];
  return (
    <section className="profile-statutory" aria-labelledby="profile-statutory-title">
      <h3 id="profile-statutory-title">{STATUTORY_UI.profileTitle}</h3>
      <p className="field__hint">{STATUTORY_UI.profileIntro}</p>
      <dl className="details">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt>{label}</dt>
            <dd>
              {value}
              {label === STATUTORY_LABELS.bankAccount && details.bankAccountMasked && <span className="visually-hidden"> ({STATUTORY_UI.maskedNote})</span>}
            </dd>
          </Fragment>
        ))}
      </dl>
    </section>
  );
}
