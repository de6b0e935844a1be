/**
 * A person's override of one component of their salary structure. A structure is assigned to many
 * people as a template; one person may have one of its components set differently: Basic (a % of
 * gross or a fixed monthly amount), HRA's % of Basic, or the monthly amount of one of its fixed
 * allowances. The special allowance stays the remainder.
 *
 * The override lives in the person's structure snapshot (the structure as assigned to them, stored
 * on a salary revision): the snapshot's rule is the structure's rule with the override applied, so
 * every computation that splits a gross by the snapshot (the slip, arrears, gratuity, the HRA
 * exemption) follows it with no code of its own. The snapshot also keeps the structure's own rule
 * (`base`), so the override can be removed, and a new assignment of a structure carries a person's
 * override onto it when that structure has the component.
 *
 * Worked example (structure-override.test.ts): "Drivers", Basic 40% of gross, HRA 50% of Basic,
 * conveyance ₹1,600, on ₹30,000; Ravi's Basic overridden to a fixed ₹15,000: Basic 15,000, HRA 7,500,
 * conveyance 1,600, special 5,900 (the structure alone: 12,000, 6,000, 1,600, 10,400).
 */
import { structureProblems, type StructureRule } from './salary-structure';

export type StructureOverride =
  | { component: 'basic'; basicPercentOfGross: number | null; basicMonthlyPaise: number | null }
  | { component: 'hra'; hraPercentOfBasic: number }
  | { component: 'allowance'; name: string; monthlyPaise: number };

/** A structure as assigned to one person: its name, the rule the slip splits by, and any override. */
export type PersonStructure = StructureRule & { name: string; override?: StructureOverride; base?: StructureRule };

/** The rule fields alone, without the name or the override's bookkeeping. */
function ruleOnly(s: StructureRule): StructureRule {
  return {
    basicPercentOfGross: s.basicPercentOfGross,
    ...(s.basicMonthlyPaise != null && { basicMonthlyPaise: s.basicMonthlyPaise }),
    hraPercentOfBasic: s.hraPercentOfBasic,
    fixedAllowances: (s.fixedAllowances ?? []).map((a) => ({ name: a.name, monthlyPaise: a.monthlyPaise })),
  };
}

/** The structure's own rule (before any override of the person's). */
export const baseRuleOf = (s: PersonStructure): StructureRule => ruleOnly(s.base ?? s);

/** `rule` with the override applied. */
export function applyOverride(rule: StructureRule, o: StructureOverride): StructureRule {
  const r = ruleOnly(rule);
  if (o.component === 'basic') {
    const { basicMonthlyPaise: _fixed, ...rest } = r;
    return o.basicMonthlyPaise != null ? { ...rest, basicPercentOfGross: 0, basicMonthlyPaise: o.basicMonthlyPaise } : { ...rest, basicPercentOfGross: o.basicPercentOfGross ?? 0 };
  }
  if (o.component === 'hra') return { ...r, hraPercentOfBasic: o.hraPercentOfBasic };
  return { ...r, fixedAllowances: (r.fixedAllowances ?? []).map((a) => (a.name.toLowerCase() === o.name.toLowerCase() ? { name: a.name, monthlyPaise: o.monthlyPaise } : a)) };
}

/**
 * Why the override cannot apply to the structure, by the body field it concerns, or null: an
 * allowance the structure does not have, or Basic and HRA more than the gross.
 */
export function overrideProblem(rule: StructureRule, o: StructureOverride): { field: string; msg: string } | null {
  if (o.component === 'allowance' && !(rule.fixedAllowances ?? []).some((a) => a.name.toLowerCase() === o.name.toLowerCase())) {
    const names = (rule.fixedAllowances ?? []).map((a) => a.name);
    return { field: 'allowanceName', msg: names.length ? `Allowance name must be one of the structure's allowances: ${names.join(', ')}` : 'This structure has no fixed allowances to override' };
  }
  const applied = applyOverride(rule, o);
  const problems = structureProblems({
    basicPercentOfGross: applied.basicMonthlyPaise != null ? null : applied.basicPercentOfGross,
    basicMonthly: applied.basicMonthlyPaise != null ? applied.basicMonthlyPaise / 100 : null,
    hraPercentOfBasic: applied.hraPercentOfBasic,
  });
  if (problems.hraPercentOfBasic) return { field: o.component === 'hra' ? 'hraPercentOfBasic' : 'basicPercentOfGross', msg: problems.hraPercentOfBasic };
  return null;
}

/** The snapshot of `structure` for a person with the override (or, with null, without one). */
export function personStructure(structure: PersonStructure, o: StructureOverride | null): PersonStructure {
  const base = baseRuleOf(structure);
  if (!o) return { name: structure.name, ...base };
  return { name: structure.name, ...applyOverride(base, o), override: o, base };
}

/** A new structure assigned to someone with an override: the override carries onto it when the structure has that component. */
export function carryOverride(assigned: PersonStructure, previous: PersonStructure | null | undefined): PersonStructure {
  const o = previous?.override;
  if (!o || overrideProblem(assigned, o)) return assigned;
  return personStructure(assigned, o);
}

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString('en-IN')}`;

/** The override in words, for the history and the audit: "Basic fixed at ₹15,000 a month". */
export function overrideText(o: StructureOverride): string {
  if (o.component === 'basic') return o.basicMonthlyPaise != null ? `Basic fixed at ${rupees(o.basicMonthlyPaise)} a month` : `Basic ${o.basicPercentOfGross}% of gross`;
  if (o.component === 'hra') return `HRA ${o.hraPercentOfBasic}% of Basic`;
  return `${o.name} ${rupees(o.monthlyPaise)} a month`;
}
