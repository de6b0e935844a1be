import { approversToTell, decidingAs, firstStage, isEscalated, outcomeOf, type RoutingFacts } from './approval-route';

// Worked examples: Ravi (7) reports to Meera (3); Meera named Kiran (5) as stand-in for 1-10 March 2027.
const facts = (over: Partial<RoutingFacts> = {}): RoutingFacts => ({
  requesterId: 7,
  managerId: 3,
  stage: 'manager',
  standIns: [{ managerId: 3, standInId: 5, from: '2027-03-01', to: '2027-03-10' }],
  today: '2027-03-04',
  managerPowers: true,
  ...over,
});
const admin = { userId: 1, role: 'admin' as const };
const meera = { userId: 3, role: 'employee' as const };
const kiran = { userId: 5, role: 'employee' as const };
const ravi = { userId: 7, role: 'employee' as const };
const other = { userId: 9, role: 'employee' as const };

describe('firstStage', () => {
  it('sends a request to the manager unless the type is HR only, nobody manages the requester, or manager powers are off', () => {
    expect(firstStage('manager', 3, true)).toBe('manager');
    expect(firstStage('manager-then-hr', 3, true)).toBe('manager');
    expect(firstStage('hr', 3, true)).toBe('hr');
    expect(firstStage('manager', null, true)).toBe('hr');
    expect(firstStage('manager', 3, false)).toBe('hr');
  });
});

describe('decidingAs', () => {
  it('lets the manager decide at the manager stage, and the admin always', () => {
    expect(decidingAs(facts(), meera)).toBe('manager');
    expect(decidingAs(facts(), admin)).toBe('admin');
    expect(decidingAs(facts({ stage: 'hr' }), admin)).toBe('admin');
    expect(decidingAs(facts({ stage: 'hr' }), meera)).toBeNull();
  });

  it('lets the stand-in decide on a day inside the range (both ends included), and not outside it', () => {
    expect(decidingAs(facts(), kiran)).toBe('stand-in');
    expect(decidingAs(facts({ today: '2027-03-01' }), kiran)).toBe('stand-in');
    expect(decidingAs(facts({ today: '2027-03-10' }), kiran)).toBe('stand-in');
    expect(decidingAs(facts({ today: '2027-02-28' }), kiran)).toBeNull();
    expect(decidingAs(facts({ today: '2027-03-11' }), kiran)).toBeNull();
  });

  it('refuses the requester (even as a stand-in or an admin), strangers, and a former manager', () => {
    expect(decidingAs(facts(), ravi)).toBeNull();
    expect(decidingAs(facts({ standIns: [{ managerId: 3, standInId: 7, from: '2027-03-01', to: '2027-03-10' }] }), ravi)).toBeNull();
    expect(decidingAs(facts({ requesterId: 1 }), admin)).toBeNull();
    expect(decidingAs(facts(), other)).toBeNull();
    // The line changed to Kiran: Meera's access ends at once.
    expect(decidingAs(facts({ managerId: 5, standIns: [] }), meera)).toBeNull();
  });

  it('gives managers nothing when manager powers are off (email-only sign-in)', () => {
    expect(decidingAs(facts({ managerPowers: false }), meera)).toBeNull();
    expect(decidingAs(facts({ managerPowers: false }), admin)).toBe('admin');
  });
});

describe('approversToTell', () => {
  it('tells the manager and today’s stand-ins, never the requester, nobody at the HR stage', () => {
    expect(approversToTell(facts())).toEqual([3, 5]);
    expect(approversToTell(facts({ today: '2027-04-01' }))).toEqual([3]);
    expect(approversToTell(facts({ stage: 'hr' }))).toEqual([]);
    expect(approversToTell(facts({ standIns: [{ managerId: 3, standInId: 7, from: '2027-03-01', to: '2027-03-10' }] }))).toEqual([3]);
  });
});

describe('outcomeOf', () => {
  it('moves a manager-then-HR request on to HR after the manager approves; an admin approval ends it', () => {
    expect(outcomeOf('manager-then-hr', 'approved', 'manager')).toEqual({ status: 'pending', stage: 'hr' });
    expect(outcomeOf('manager-then-hr', 'approved', 'stand-in')).toEqual({ status: 'pending', stage: 'hr' });
    expect(outcomeOf('manager-then-hr', 'approved', 'admin')).toEqual({ status: 'approved' });
    expect(outcomeOf('manager', 'approved', 'manager')).toEqual({ status: 'approved' });
    expect(outcomeOf('manager-then-hr', 'rejected', 'manager')).toEqual({ status: 'rejected' });
  });
});

describe('isEscalated', () => {
  it('escalates a request waiting for its manager more than N days, and only then', () => {
    expect(isEscalated('manager', '2027-03-01', '2027-03-04', 3)).toBe(false);
    expect(isEscalated('manager', '2027-03-01', '2027-03-05', 3)).toBe(true);
    expect(isEscalated('hr', '2027-03-01', '2027-03-20', 3)).toBe(false);
    expect(isEscalated('manager', '2027-01-01', '2027-12-31', null)).toBe(false);
  });
});
