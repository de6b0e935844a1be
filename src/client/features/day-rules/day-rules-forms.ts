/**
 * The two forms of the Attendance rules screen on the shared form flow: the day's rules (hours as the
 * inputs hold them, sent as minutes) and the web punch policy (sites and networks one a line).
 */
import { dayRulesSchema, overtimeRulesOf, punchPolicySchema, type DayRules, type OvertimeRules, type PunchPolicy } from '../../../shared/schemas/day-rules';
import { errorMessage } from '../../api/error-message';
import { createFormSubmitMachine } from '../../flows/form-submit-machine';
import { schemaProblem } from '../../flows/schema-problem';
import { DAY_RULES_UI as UI } from './day-rules-copy';

export interface DayRulesValues {
  fullDay: string;
  halfDay: string;
  allowBreaks: string;
  overtime: string;
  normalDay: string;
  normalWeek: string;
  rate: string;
  payable: string;
  weekStart: string;
  rateWages: string;
  rateDays: string;
  compOff: string;
  compOffDays: string;
  [key: string]: string;
}

const hours = (minutes: number | null) => (minutes === null ? '' : String(Math.round((minutes / 60) * 100) / 100));
const minutes = (text: string) => (text.trim() === '' ? NaN : Math.round(Number(text) * 60));

export const dayRulesValues = (r: DayRules): DayRulesValues => ({
  fullDay: hours(r.fullDayMinutes),
  halfDay: hours(r.halfDayMinutes),
  allowBreaks: String(r.allowBreaks),
  overtime: String(r.overtime.enabled),
  normalDay: hours(r.overtime.normalDayMinutes),
  normalWeek: hours(r.overtime.normalWeekMinutes),
  rate: String(r.overtime.rate),
  payable: String(r.overtime.payable),
  weekStart: overtimeRulesOf(r).weekStartsOn,
  rateWages: overtimeRulesOf(r).rateWages,
  rateDays: overtimeRulesOf(r).rateDays,
  compOff: String(r.compOff?.enabled ?? false),
  compOffDays: String(r.compOff?.expiryDays ?? 90),
});

export const toDayRules = (v: DayRulesValues): DayRules => ({
  fullDayMinutes: v.fullDay.trim() === '' ? null : minutes(v.fullDay),
  halfDayMinutes: v.halfDay.trim() === '' ? null : minutes(v.halfDay),
  allowBreaks: v.allowBreaks === 'true',
  overtime: { enabled: v.overtime === 'true', normalDayMinutes: minutes(v.normalDay), normalWeekMinutes: minutes(v.normalWeek), rate: v.rate.trim() === '' ? NaN : Number(v.rate),
    payable: v.payable === 'true',
    // Checked by the schema as they are: a select holds only its options, the server the same list.
    weekStartsOn: v.weekStart as OvertimeRules['weekStartsOn'],
    rateWages: v.rateWages as OvertimeRules['rateWages'],
    rateDays: v.rateDays as OvertimeRules['rateDays'],
  },
  compOff: { enabled: v.compOff === 'true', expiryDays: v.compOffDays.trim() === '' ? NaN : Number(v.compOffDays) },
});

const RULE_FIELDS: Record<string, keyof DayRulesValues & string> = {
  fullDayMinutes: 'fullDay',
  halfDayMinutes: 'halfDay',
  'overtime.normalDayMinutes': 'normalDay',
  'overtime.normalWeekMinutes': 'normalWeek',
  'overtime.rate': 'rate',
  'overtime.weekStartsOn': 'weekStart',
  'overtime.rateWages': 'rateWages',
  'overtime.rateDays': 'rateDays',
  'compOff.expiryDays': 'compOffDays',
};

/** The schema's complaint in the screen's words: hours, not minutes. */
const inHours = (text: string) => text.replace(/(\d+) minutes/g, (_m, n: string) => `${Number(n) / 60} hours`).replace(/fullDayMinutes/g, 'the full day').replace(/halfDayMinutes/g, 'the half day').replace(/normal(Day|Week)Minutes/g, (_m, w: string) => `the normal ${w.toLowerCase()}`);

function ruleProblems(values: DayRulesValues) {
  const result = dayRulesSchema.safeParse(toDayRules(values));
  if (result.success) return {};
  const problems: Partial<Record<keyof DayRulesValues, string>> = {};
  for (const issue of result.error.issues) {
    const field = RULE_FIELDS[issue.path.join('.')];
    if (field && !problems[field]) problems[field] = inHours(issue.message);
  }
  return problems;
}

export const dayRulesMachine = createFormSubmitMachine<DayRulesValues, DayRules>({
  id: 'dayRules',
  blank: dayRulesValues({ fullDayMinutes: null, halfDayMinutes: null, allowBreaks: false, overtime: { enabled: false, normalDayMinutes: 540, normalWeekMinutes: 2880, rate: 2, payable: false, weekStartsOn: 'monday', rateWages: 'gross', rateDays: 'working' }, compOff: { enabled: false, expiryDays: 90 } }),
  validate: (values) => {
    const first = Object.values(ruleProblems(values))[0];
    return first ?? (schemaProblem(dayRulesSchema, toDayRules(values)) && inHours(schemaProblem(dayRulesSchema, toDayRules(values))!));
  },
  fieldProblems: ruleProblems,
  fieldOf: (path) => RULE_FIELDS[path] ?? null,
  toInput: toDayRules,
  failure: (error) => UI.rulesFailed + errorMessage(error, "the day's rules could not be saved"),
  announce: 'inForm',
  afterSuccess: 'keepEditing',
  keepSaved: true,
});

export interface PolicyValues {
  webAllowed: string;
  geofence: string;
  network: string;
  sites: string;
  networks: string;
  [key: string]: string;
}

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);
const parts = (line: string) => line.split(';').map((p) => p.trim());
const num = (text: string | undefined) => (text === undefined || text === '' ? NaN : Number(text));

export const policyValues = (p: PunchPolicy): PolicyValues => ({
  webAllowed: String(p.rule.webAllowed),
  geofence: String(p.rule.geofenceRequired),
  network: String(p.rule.networkRequired),
  sites: p.sites.map((s) => `${s.name}; ${s.latitude}; ${s.longitude}; ${s.radiusMeters}`).join('\n'),
  networks: p.networks.map((n) => `${n.name}; ${n.cidr}`).join('\n'),
});

export const toPolicy = (v: PolicyValues): PunchPolicy => ({
  rule: { webAllowed: v.webAllowed === 'true', geofenceRequired: v.geofence === 'true', networkRequired: v.network === 'true' },
  sites: lines(v.sites).map((line) => {
    const [name = '', lat, lng, radius] = parts(line);
    return { name, latitude: num(lat), longitude: num(lng), radiusMeters: num(radius) };
  }),
  networks: lines(v.networks).map((line) => {
    const [name = '', cidr = ''] = parts(line);
    return { name, cidr };
  }),
});

/** A list row's complaint goes on its box, naming the line. */
function policyProblems(values: PolicyValues) {
  const result = punchPolicySchema.safeParse(toPolicy(values));
  if (result.success) return {};
  const problems: Partial<Record<keyof PolicyValues, string>> = {};
  for (const issue of result.error.issues) {
    const [list, index] = issue.path;
    if ((list === 'sites' || list === 'networks') && !problems[list]) problems[list] = typeof index === 'number' ? UI.line(index, issue.message) : issue.message;
  }
  return problems;
}

export const policyMachine = createFormSubmitMachine<PolicyValues, PunchPolicy>({
  id: 'punchPolicy',
  blank: { webAllowed: 'true', geofence: 'false', network: 'false', sites: '', networks: '' },
  validate: (values) => Object.values(policyProblems(values))[0] ?? schemaProblem(punchPolicySchema, toPolicy(values)),
  fieldProblems: policyProblems,
  fieldOf: (path) => (path.startsWith('sites') ? 'sites' : path.startsWith('networks') ? 'networks' : null),
  toInput: toPolicy,
  failure: (error) => UI.policyFailed + errorMessage(error, 'web punching could not be saved'),
  announce: 'inForm',
  afterSuccess: 'keepEditing',
  keepSaved: true,
});
