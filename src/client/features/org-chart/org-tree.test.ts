import type { Employee } from '../../../shared/schemas/employee';
import { buildOrgTree, initialExpanded, managersOf, matchCount, searchExpansion, visibleRows } from './org-tree';

const person = (id: number, name: string, managerId: number | null, position = 'Engineer'): Employee => ({
  _id: String(id),
  employeeId: `EMP${String(id).padStart(4, '0')}`,
  name,
  email: `${name.split(' ')[0]!.toLowerCase()}@example.com`,
  position,
  salary: 50000,
  joiningDate: '2024-01-01',
  managerId: managerId === null ? null : String(managerId),
});

// Meera runs the company; Ravi and Asha report to her; Kiran and Zoya to Ravi; Omar's manager left.
const PEOPLE = [person(1, 'Meera Iyer', null, 'CEO'), person(2, 'Ravi Kumar', 1, 'Head of Engineering'), person(3, 'Asha Rao', 1), person(4, 'Zoya Khan', 2), person(5, 'Kiran Das', 2), person(6, 'Omar Shaikh', 99)];
const names = (rows: ReturnType<typeof visibleRows>) => rows.map((r) => `${'  '.repeat(r.node.depth)}${r.node.person.name}${r.expanded ? ' -' : r.node.children.length ? ' +' : ''}`);

describe('org tree', () => {
  const tree = buildOrgTree(PEOPLE);

  it('puts people under their managers by name, with those without a manager in the roster at the top', () => {
    expect(tree.roots.map((r) => r.person.name)).toEqual(['Meera Iyer', 'Omar Shaikh']);
    expect(tree.byId.get('2')!.children.map((c) => c.person.name)).toEqual(['Kiran Das', 'Zoya Khan']);
    expect(tree.byId.get('1')!.teamSize).toBe(4);
    expect(tree.byId.get('2')!.teamSize).toBe(2);
    expect(tree.byId.get('4')!.depth).toBe(2);
  });

  it('opens the top level first, then each person as they are expanded', () => {
    expect(names(visibleRows(tree, initialExpanded(tree)))).toEqual(['Meera Iyer -', '  Asha Rao', '  Ravi Kumar +', 'Omar Shaikh']);
    expect(names(visibleRows(tree, managersOf(tree)))).toEqual(['Meera Iyer -', '  Asha Rao', '  Ravi Kumar -', '    Kiran Das', '    Zoya Khan', 'Omar Shaikh']);
    const rows = visibleRows(tree, managersOf(tree));
    expect(rows.map((r) => `${r.position}/${r.siblings}`)).toEqual(['1/2', '1/2', '2/2', '1/2', '2/2', '2/2']);
  });

  it('searches by name, email, employee ID or position, opening the chain above each person found', () => {
    const open = searchExpansion(tree, 'zoya');
    expect(names(visibleRows(tree, open, 'zoya'))).toEqual(['Meera Iyer -', '  Ravi Kumar -', '    Zoya Khan']);
    expect(visibleRows(tree, open, 'zoya').filter((r) => r.match).map((r) => r.node.person.name)).toEqual(['Zoya Khan']);
    expect(matchCount(tree, 'EMP0005')).toBe(1);
    expect(matchCount(tree, 'engineer')).toBe(5);
    expect(matchCount(tree, 'nobody')).toBe(0);
    expect(visibleRows(tree, searchExpansion(tree, 'nobody'), 'nobody')).toEqual([]);
    // A manager found shows closed; opened, their whole team shows.
    expect(names(visibleRows(tree, searchExpansion(tree, 'head of'), 'head of'))).toEqual(['Meera Iyer -', '  Ravi Kumar +']);
    expect(names(visibleRows(tree, new Set([...searchExpansion(tree, 'head of'), '2']), 'head of'))).toEqual(['Meera Iyer -', '  Ravi Kumar -', '    Kiran Das', '    Zoya Khan']);
  });

  it('survives a loop in the data, placing each person once', () => {
    const looped = buildOrgTree([person(1, 'A', 2), person(2, 'B', 1), person(3, 'C', 1)]);
    const rows = visibleRows(looped, managersOf(looped));
    expect(rows.map((r) => r.node.person.name).sort()).toEqual(['A', 'B', 'C']);
  });

  it('builds 1,000 people in a few levels quickly enough to do on every roster load', () => {
    const many = Array.from({ length: 1000 }, (_, i) => person(i + 1, `Person ${i + 1}`, i === 0 ? null : Math.floor(i / 8) + 1));
    const big = buildOrgTree(many);
    expect(big.roots).toHaveLength(1);
    expect(big.byId.get('1')!.teamSize).toBe(999);
    expect(visibleRows(big, managersOf(big))).toHaveLength(1000);
  });
});
