/** The profile's read-only statutory and bank details: names for codes, the account as the server masked it. */
import { render, screen, within } from '@testing-library/react';
import { NO_DETAILS } from '../../test/fixtures';
import { StatutoryDetailsList } from './statutory-details';

describe('StatutoryDetailsList', () => {
  it('shows each detail by its label, the state by name, the masked account as sent, and what is missing', () => {
    render(
      <StatutoryDetailsList
        details={{ ...NO_DETAILS, stateOfWork: 'MH', pan: 'ABCDE1234F', uan: '100123456789', bankAccount: 'XXXXXX1234', bankAccountMasked: true, ifsc: 'HDFC0001234', gender: 'female' }}
      />,
    );
    const list = within(screen.getByRole('region', { name: 'Statutory and bank details' }));
    const pairs = list.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(pairs).toEqual([
      ['State of work', 'Maharashtra'],
      ['PAN', 'ABCDE1234F'],
      ['UAN', '100123456789'],
      ['ESI number', 'Not given'],
      ['Bank account number', 'XXXXXX1234 (Only the last four digits are shown.)'],
      ['IFSC', 'HDFC0001234'],
      ['Tax regime', 'New regime (default)'],
      ['Gender', 'Female'],
      ['PF on full wages', 'No (on the PF wage ceiling)'],
      ['Date of birth', 'Not given'],
      ['Person with disability', 'No'],
      ['PF member', 'Yes'],
      ['Pension scheme (EPS)', 'Eligible. Treated as eligible: the first membership date or the wage then is not given.'],
    ]);
  });
});
