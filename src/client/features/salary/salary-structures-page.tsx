/**
 * /admin/salary-structures, in Settings: the company's salary structures (Basic as a % of gross or
 * a fixed monthly amount, HRA % of Basic, fixed allowances, special the rest), a form to add or edit one with each field's error
 * marked, and the assignment of one to people from a day, with the server's preview of who gets
 * what. The form is checked with the shared schema the server uses; both flows are form machines.
 */
import { useMemo, useState } from 'react';
import { ruleOf, salaryStructureInput, structureComponents, type SalaryStructureValue } from '../../../shared/payroll/salary-structure';
import { formatRupees } from '../../../shared/format';
import type { AssignStructureBody, AssignStructureResponse, SalaryStructure } from '../../../shared/schemas/salary-structure';
import { assignStructureBody } from '../../../shared/schemas/salary-structure';
import { errorMessage } from '../../api/error-message';
import { useGetEmployeesQuery } from '../../api/employee-api';
import { useAppDispatch } from '../../app/hooks';
import { ColumnHeads } from '../../components/column-heads';
import { Banner } from '../../components/banner';
import { FieldError, invalidProps } from '../../components/field-error';
import { LoadingScreen } from '../../components/loading-screen';
import { ScrollTable } from '../../components/scroll-table';
import { SubmitCancelRow } from '../../components/submit-button';
import { createFormSubmitMachine, type FieldErrors } from '../../flows/form-submit-machine';
import { mutationCall } from '../../flows/from-mutation';
import { schemaFieldProblems, schemaProblem } from '../../flows/schema-problem';
import { useFormSubmit } from '../../flows/use-form-submit';
import { STRUCTURES_UI as UI } from './salary-structures-copy';
import { salaryStructuresApi, useGetSalaryStructuresQuery, usePreviewAssignmentQuery } from './salary-structures-api';
import './salary-structures.css';

const SLOTS = 5;
const slot = (i: number) => ({ name: `fixedAllowances.${i}.name`, monthly: `fixedAllowances.${i}.monthly` });

type StructureValues = Record<string, string>;

const BLANK: StructureValues = Object.fromEntries([
  ['name', ''],
  ['basicKind', 'percent'],
  ['basicPercentOfGross', ''],
  ['basicMonthly', ''],
  ['hraPercentOfBasic', ''],
  ...Array.from({ length: SLOTS }, (_, i) => [
    [slot(i).name, ''],
    [slot(i).monthly, ''],
  ]).flat(),
]);

const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s));

/** What the form sends: rows left blank are no allowance. */
function bodyOf(values: StructureValues): SalaryStructureValue {
  const fixedAllowances = Array.from({ length: SLOTS }, (_, i) => ({ name: values[slot(i).name] ?? '', monthly: values[slot(i).monthly] ?? '' }))
    .filter((a) => a.name.trim() !== '' || a.monthly.trim() !== '')
    .map((a) => ({ name: a.name, monthly: num(a.monthly) }));
  const basic = values.basicKind === 'fixed' ? { basicMonthly: num(values.basicMonthly ?? '') } : { basicPercentOfGross: num(values.basicPercentOfGross ?? '') };
  return { name: values.name ?? '', ...basic, hraPercentOfBasic: num(values.hraPercentOfBasic ?? ''), fixedAllowances };
}

/** The form's field for a schema or server path: the allowance rows sent are the filled ones, in order. */
function fieldOfPath(values: StructureValues | undefined) {
  return (path: string): string | null => {
    const m = /^fixedAllowances\.(\d+)\.(name|monthly)$/.exec(path);
    if (!m) return path in BLANK ? path : null;
    const filled = Array.from({ length: SLOTS }, (_, i) => i).filter((i) => !values || (values[slot(i).name] ?? '').trim() !== '' || (values[slot(i).monthly] ?? '').trim() !== '');
    const i = filled[Number(m[1])];
    return i === undefined ? null : `fixedAllowances.${i}.${m[2]}`;
  };
}

function fieldProblems(values: StructureValues): FieldErrors<StructureValues> {
  const marks: FieldErrors<StructureValues> = {};
  const at = fieldOfPath(values);
  for (const [path, msg] of Object.entries(schemaFieldProblems(salaryStructureInput, bodyOf(values)))) {
    const field = at(path);
    if (field && !marks[field]) marks[field] = msg;
  }
  return marks;
}

const structureMachine = createFormSubmitMachine<StructureValues, { id?: string; body: SalaryStructureValue }, SalaryStructure & { msg?: string }>({
  id: 'salaryStructure',
  blank: BLANK,
  validate: (values) => schemaProblem(salaryStructureInput, bodyOf(values)),
  fieldProblems,
  // The server names the sent rows; with the rows as typed, the same as the form's own check.
  fieldOf: fieldOfPath(undefined),
  toInput: (values, target) => ({ id: target, body: salaryStructureInput.parse(bodyOf(values)) }),
  failure: (error) => UI.saveFailed + errorMessage(error, 'the server did not answer'),
  announce: 'alert',
  successText: (s) => UI.saved(s.name),
  afterSuccess: 'keepEditing',
});

interface AssignValues extends Record<string, string> {
  effectiveFrom: string;
  reason: string;
  /** The picked people's `_id`s, comma-separated. */
  employeeIds: string;
}

const idsOf = (s: string) => s.split(',').filter(Boolean);
const assignBodyOf = (v: AssignValues): AssignStructureBody => ({ employeeIds: idsOf(v.employeeIds), effectiveFrom: v.effectiveFrom, ...(v.reason.trim() && { reason: v.reason }) });

function valuesOf(s: SalaryStructure): StructureValues {
  const v: StructureValues = {
    ...BLANK,
    name: s.name,
    basicKind: s.basicMonthly !== null ? 'fixed' : 'percent',
    basicPercentOfGross: s.basicPercentOfGross === null ? '' : String(s.basicPercentOfGross),
    basicMonthly: s.basicMonthly === null ? '' : String(s.basicMonthly),
    hraPercentOfBasic: String(s.hraPercentOfBasic),
  };
  s.fixedAllowances.forEach((a, i) => {
    if (i >= SLOTS) return;
    v[slot(i).name] = a.name;
    v[slot(i).monthly] = String(a.monthly);
  });
  return v;
}

const percent = (n: number) => `${n}%`;
/** The list's Basic cell: "45% of gross" or "₹12,000 a month". */
const basicText = (s: SalaryStructure) => (s.basicMonthly !== null ? UI.basicFixed(formatRupees(s.basicMonthly)) : UI.basicPercent(percent(s.basicPercentOfGross ?? 0)));

type Panel = { kind: 'add' } | { kind: 'edit'; structure: SalaryStructure } | { kind: 'assign'; structure: SalaryStructure } | null;

export function SalaryStructuresPage() {
  const { data, error, isLoading } = useGetSalaryStructuresQuery();
  const [panel, setPanel] = useState<Panel>(null);
  const structures = data?.structures ?? [];
  return (
    <>
      <section className="card card--wide" aria-labelledby="salary-structures-title">
        <h2 id="salary-structures-title">{UI.title}</h2>
        <p className="field__hint">{UI.intro}</p>
        {error ? (
          <Banner tone="error">{UI.loadFailed + errorMessage(error, 'the server did not answer')}</Banner>
        ) : isLoading || !data ? (
          <LoadingScreen text={UI.loading} />
        ) : structures.length === 0 ? (
          <p role="status">{UI.empty}</p>
        ) : (
          <ScrollTable label={UI.table} tableClassName="table--cards salary-structures__table">
            <ColumnHeads names={[UI.name, UI.basicShare, UI.hraShare, UI.allowances, UI.people, UI.actions]} />
            <tbody>
              {structures.map((s) => (
                <tr key={s.id}>
                  <th scope="row" data-label={UI.name}>
                    {s.name}
                  </th>
                  <td data-label={UI.basicShare}>{basicText(s)}</td>
                  <td data-label={UI.hraShare}>{percent(s.hraPercentOfBasic)}</td>
                  <td data-label={UI.allowances}>{s.fixedAllowances.length ? s.fixedAllowances.map((a) => `${a.name} ${formatRupees(a.monthly)}`).join(', ') : UI.none}</td>
                  <td data-label={UI.people}>{s.people}</td>
                  <td data-label={UI.actions}>
                    <div className="salary-structures__actions">
                      <button type="button" className="button button--secondary" aria-label={`${UI.edit} ${s.name}`} onClick={() => setPanel({ kind: 'edit', structure: s })}>
                        {UI.edit}
                      </button>
                      <button type="button" className="button button--secondary" aria-label={`${UI.assign} ${s.name}`} onClick={() => setPanel({ kind: 'assign', structure: s })}>
                        {UI.assign}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
        {!panel && (
          <button type="button" className="button" onClick={() => setPanel({ kind: 'add' })}>
            {UI.add}
          </button>
        )}
      </section>
      {panel?.kind === 'add' && <StructureForm key="add" onDone={() => setPanel(null)} />}
      {panel?.kind === 'edit' && <StructureForm key={`edit-${panel.structure.id}`} structure={panel.structure} onDone={() => setPanel(null)} />}
      {panel?.kind === 'assign' && <AssignForm key={`assign-${panel.structure.id}`} structure={panel.structure} onDone={() => setPanel(null)} />}
    </>
  );
}

function StructureForm({ structure, onDone }: { structure?: SalaryStructure; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const form = useFormSubmit(
    structureMachine,
    { submit: mutationCall(salaryStructuresApi.endpoints.saveSalaryStructure, dispatch), accepted: onDone },
    structure ? { values: valuesOf(structure), target: structure.id } : undefined,
  );
  const { values, fieldErrors, error } = form;
  const filled = Array.from({ length: SLOTS }, (_, i) => i).filter((i) => (values[slot(i).name] ?? '') !== '' || (values[slot(i).monthly] ?? '') !== '');
  const [rows, setRows] = useState(Math.max(1, filled.length ? Math.max(...filled) + 1 : 0));
  const titleId = 'salary-structure-form-title';
  // The example under the form: the split of ₹30,000 by what is typed, when it is a valid rule.
  const parsed = salaryStructureInput.safeParse({ ...bodyOf(values), name: values.name || 'x' });
  const rule = parsed.success ? ruleOf(parsed.data) : null;
  // ₹30,000, or twice a fixed Basic above it, so the example always has room for the Basic.
  const exampleGross = rule?.basicMonthlyPaise != null && rule.basicMonthlyPaise > 30_000_00 ? rule.basicMonthlyPaise * 2 : 30_000_00;
  const example = rule ? structureComponents(exampleGross, rule) : null;
  const fixedBasic = values.basicKind === 'fixed';
  const field = (name: string, label: string, extra: Record<string, string> = {}) => {
    const id = `structure-${name.replace(/\./g, '-')}`;
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input id={id} value={values[name] ?? ''} onChange={form.change(name)} {...invalidProps(id, fieldErrors[name])} {...extra} />
        <FieldError id={id} error={fieldErrors[name]} />
      </div>
    );
  };
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{structure ? UI.editTitle(structure.name) : UI.addTitle}</h2>
      {structure && <p className="field__hint">{UI.editNote}</p>}
      <form className="form salary-structure-form" onSubmit={form.onSubmit} aria-busy={form.submitting} noValidate>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <fieldset className="form__fields" disabled={!form.editable}>
          {field('name', UI.nameLabel, { autoComplete: 'off', maxLength: '80' })}
          <fieldset className="salary-structure-form__basic">
            <legend>{UI.basicLegend}</legend>
            {(['percent', 'fixed'] as const).map((kind) => (
              <label className="salary-structure-form__choice" key={kind} htmlFor={`structure-basicKind-${kind}`}>
                <input id={`structure-basicKind-${kind}`} type="radio" name="structure-basicKind" value={kind} checked={values.basicKind === kind} onChange={form.change('basicKind')} />
                {kind === 'percent' ? UI.basicKindPercent : UI.basicKindFixed}
              </label>
            ))}
          </fieldset>
          <div className="salary-structure-form__pair">
            {fixedBasic ? field('basicMonthly', UI.basicMonthlyLabel, { inputMode: 'numeric' }) : field('basicPercentOfGross', UI.basicLabel, { inputMode: 'decimal' })}
            {field('hraPercentOfBasic', UI.hraLabel, { inputMode: 'decimal' })}
          </div>
          {fixedBasic && <p className="field__hint">{UI.basicFixedHint}</p>}
          <fieldset className="salary-structure-form__allowances">
            <legend>{UI.allowancesLegend}</legend>
            <p className="field__hint">{UI.allowancesHint}</p>
            {Array.from({ length: rows }, (_, i) => (
              <div className="salary-structure-form__pair" key={i}>
                {field(slot(i).name, UI.allowanceName(i + 1), { autoComplete: 'off', maxLength: '60' })}
                {field(slot(i).monthly, UI.allowanceAmount(i + 1), { inputMode: 'numeric' })}
              </div>
            ))}
            {rows < SLOTS && (
              <button type="button" className="button button--secondary" onClick={() => setRows(rows + 1)}>
                {UI.addAllowance}
              </button>
            )}
          </fieldset>
          {example && (
            <p className="salary-structure-form__example" aria-live="polite">
              {UI.example(
                formatRupees(exampleGross / 100),
                [`Basic ${formatRupees(example.basicPaise / 100)}`, `HRA ${formatRupees(example.hraPaise / 100)}`, ...example.allowances.map((a) => `${a.name} ${formatRupees(a.paise / 100)}`), `Special ${formatRupees(example.specialPaise / 100)}`].join(', '),
              )}
            </p>
          )}
          <SubmitCancelRow className="salary-structures__actions" busy={form.submitting} submit={UI.save} cancel={UI.cancel} onCancel={onDone} />
        </fieldset>
      </form>
    </section>
  );
}

const assignMachine = createFormSubmitMachine<AssignValues, { id: string; body: AssignStructureBody }, AssignStructureResponse>({
  id: 'assignStructure',
  blank: { effectiveFrom: '', reason: '', employeeIds: '' },
  validate: (values) => schemaProblem(assignStructureBody, assignBodyOf(values)),
  fieldProblems: (values) => schemaFieldProblems(assignStructureBody, assignBodyOf(values)) as FieldErrors<AssignValues>,
  fieldOf: (path) => (path.startsWith('employeeIds') ? 'employeeIds' : path === 'effectiveFrom' || path === 'reason' ? path : null),
  toInput: (values, target) => ({ id: target!, body: assignBodyOf(values) }),
  failure: (error) => UI.assignFailed + errorMessage(error, 'the server did not answer'),
  announce: 'alert',
  afterSuccess: 'keepEditing',
  confirmation: (values) => ({ message: UI.confirm(values.name ?? '', idsOf(values.employeeIds).length, values.effectiveFrom), confirmLabel: UI.confirmLabel }),
});

/** The first day of the month after today's, as a starting day (the server says when it is too early). */
function nextMonthStart(today = new Date()): string {
  const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1));
  return d.toISOString().slice(0, 10);
}

function AssignForm({ structure, onDone }: { structure: SalaryStructure; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const form = useFormSubmit(
    assignMachine,
    { submit: mutationCall(salaryStructuresApi.endpoints.assignSalaryStructure, dispatch), accepted: onDone },
    { values: { effectiveFrom: nextMonthStart(), reason: '', employeeIds: '', name: structure.name }, target: structure.id },
  );
  const { values, fieldErrors, error } = form;
  const employees = useGetEmployeesQuery();
  const [search, setSearch] = useState('');
  const picked = useMemo(() => new Set(idsOf(values.employeeIds)), [values.employeeIds]);
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    return (employees.data ?? []).filter((e) => !q || e.name.toLowerCase().includes(q) || e.employeeId.toLowerCase().includes(q));
  }, [employees.data, search]);
  const setPicked = (ids: Set<string>) => form.setValue('employeeIds', [...ids].join(','));
  const toggle = (id: string) => {
    const next = new Set(picked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setPicked(next);
  };
  const body = assignBodyOf(values);
  const ready = assignStructureBody.safeParse(body).success;
  const preview = usePreviewAssignmentQuery({ id: structure.id, body }, { skip: !ready });
  const titleId = 'assign-structure-title';
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>{UI.assignTitle(structure.name)}</h2>
      <form className="form assign-structure-form" onSubmit={form.onSubmit} aria-busy={form.submitting} noValidate>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
        <fieldset className="form__fields" disabled={!form.editable}>
          <div className="salary-structure-form__pair">
            <div className="field">
              <label htmlFor="assign-effectiveFrom">{UI.effectiveFrom}</label>
              <input id="assign-effectiveFrom" type="date" value={values.effectiveFrom} onChange={form.change('effectiveFrom')} {...invalidProps('assign-effectiveFrom', fieldErrors.effectiveFrom, 'assign-effectiveFrom-hint')} />
              <p id="assign-effectiveFrom-hint" className="field__hint">
                {UI.effectiveHint}
              </p>
              <FieldError id="assign-effectiveFrom" error={fieldErrors.effectiveFrom} />
            </div>
            <div className="field">
              <label htmlFor="assign-reason">{UI.reason}</label>
              <input id="assign-reason" value={values.reason} maxLength={500} onChange={form.change('reason')} {...invalidProps('assign-reason', fieldErrors.reason)} />
              <FieldError id="assign-reason" error={fieldErrors.reason} />
            </div>
          </div>
          <fieldset className="assign-people" {...invalidProps('assign-people', fieldErrors.employeeIds)}>
            <legend>{UI.peopleLegend}</legend>
            <div className="assign-people__tools">
              <div className="field">
                <label htmlFor="assign-search">{UI.search}</label>
                <input id="assign-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
              </div>
              <button type="button" className="button button--secondary" onClick={() => setPicked(new Set([...picked, ...shown.map((e) => e._id)]))}>
                {UI.selectShown}
              </button>
              <button type="button" className="button button--secondary" onClick={() => setPicked(new Set())}>
                {UI.clear}
              </button>
            </div>
            <p role="status">{UI.selected(picked.size)}</p>
            {employees.isLoading ? (
              <LoadingScreen text={UI.loading} />
            ) : shown.length === 0 ? (
              <p>{UI.noPeople}</p>
            ) : (
              <ul className="assign-people__list">
                {shown.slice(0, 500).map((e) => (
                  <li key={e._id}>
                    <label className="check-field" htmlFor={`assign-person-${e._id}`}>
                      <input id={`assign-person-${e._id}`} type="checkbox" checked={picked.has(e._id)} onChange={() => toggle(e._id)} />
                      <span>
                        {e.name} <span className="assign-people__id">{e.employeeId}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
            <FieldError id="assign-people" error={fieldErrors.employeeIds} />
          </fieldset>
          <AssignPreview ready={ready} preview={preview} />
          <SubmitCancelRow className="salary-structures__actions" busy={form.submitting} submit={UI.assignButton} cancel={UI.cancel} onCancel={onDone} />
        </fieldset>
      </form>
    </section>
  );
}

function AssignPreview({ ready, preview }: { ready: boolean; preview: { data?: AssignStructureResponse; error?: unknown; isFetching: boolean } }) {
  const rows = preview.data?.people ?? [];
  const names = [...new Set(rows.flatMap((r) => r.allowances.map((a) => a.name)))];
  let body;
  if (!ready) body = <p>{UI.previewEmpty}</p>;
  else if (preview.error) body = <Banner tone="error">{UI.previewFailed + errorMessage(preview.error, 'the server did not answer')}</Banner>;
  else if (!preview.data) body = <LoadingScreen text={UI.previewLoading} />;
  else
    body = (
      <ScrollTable label={UI.previewTable} tableClassName="assign-preview__table">
        <thead>
          <tr>
            <th scope="col">{UI.name}</th>
            <th scope="col">{UI.from}</th>
            <th scope="col">{UI.gross}</th>
            <th scope="col">{UI.basic}</th>
            <th scope="col">{UI.hra}</th>
            {names.map((n) => (
              <th scope="col" key={n}>
                {n}
              </th>
            ))}
            <th scope="col">{UI.special}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r._id}>
              <th scope="row">
                {r.name} <span className="assign-people__id">{r.employeeId}</span>
                {r.allowancesShort && <span className="assign-preview__short">{UI.short}</span>}
              </th>
              <td>{r.effectiveFrom}</td>
              <td>{formatRupees(r.monthlyGross)}</td>
              <td>{formatRupees(r.basic)}</td>
              <td>{formatRupees(r.hra)}</td>
              {names.map((n) => (
                <td key={n}>{formatRupees(r.allowances.find((a) => a.name === n)?.amount ?? 0)}</td>
              ))}
              <td>{formatRupees(r.special)}</td>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
    );
  return (
    <section className="assign-preview" aria-labelledby="assign-preview-title" aria-busy={preview.isFetching}>
      <h3 id="assign-preview-title">{UI.preview}</h3>
      {body}
    </section>
  );
}
