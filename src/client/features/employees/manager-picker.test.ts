import { rosterEmployee } from '../../test/fixtures';
import { managerOptions } from './manager-picker';

describe('managerOptions', () => {
  const roster = Array.from({ length: 450 }, (_, i) => rosterEmployee(i + 1));

  it('matches a name, email or employee id in any case, and leaves out the person being edited', () => {
    expect(managerOptions(roster, 'person 12', '', undefined).shown.map((e) => e._id)).toEqual(['12', ...Array.from({ length: 10 }, (_, i) => String(120 + i))]);
    expect(managerOptions(roster, 'EMP0007', '', undefined).shown.map((e) => e._id)).toEqual(['7']);
    expect(managerOptions(roster, 'person7@', '', '7').shown).toEqual([]);
  });

  it('shows at most 200 and says how many matched, the chosen manager always among them', () => {
    const { shown, total } = managerOptions(roster, '', '400', undefined);
    expect(total).toBe(450);
    expect(shown).toHaveLength(201);
    expect(shown[0]!._id).toBe('400');
  });
});
