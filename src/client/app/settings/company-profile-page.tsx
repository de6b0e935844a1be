/**
 * /admin/company: the Company profile, in Settings. The legal name, address, statutory codes, time
 * zone and leave year (the form's flow is company-profile-form.ts); the logo printed on the slips
 * (PNG or JPEG, at most 512 KB, checked by the server); and the departments and locations the
 * employee master points at. The slips, files and mails use what is saved here.
 */
import { useRef, useState, type FormEvent } from 'react';
import { ADDRESS_MAX_LINES, LOGO_MAX_BYTES, type CompanyProfile } from '../../../shared/schemas/company-profile';
import { errorMessage } from '../../api/error-message';
import { Banner } from '../../components/banner';
import { BusyText } from '../../components/busy-text';
import { LoadingScreen } from '../../components/loading-screen';
import { Spinner } from '../../components/spinner';
import { SelectField, TextAreaField, TextField } from '../../components/text-field';
import { useEffects } from '../../feedback/effects-context';
import { LocationPunchRules } from '../../features/day-rules/location-punch-rules';
import { companyApi, useGetCompanyLogoQuery, useGetCompanyProfileQuery, useGetDepartmentsQuery, useGetLocationsQuery } from '../../features/company/company-api';
import { mutationCall } from '../../flows/from-mutation';
import { useFocusFirstInvalid } from '../../flows/use-focus-first-invalid';
import { useFormSubmit } from '../../flows/use-form-submit';
import { useAppDispatch } from '../hooks';
import { companyProfileMachine, profileValues } from './company-profile-form';
import './settings.css';

export const COMPANY_UI = {
  title: 'Company profile',
  intro: 'What the salary slips, the filing files and the emails say about the company.',
  loading: 'Loading the company profile...',
  loadFailed: 'Error loading the company profile: ',
  notSaved: 'Not saved yet: the name and time zone below are the server’s defaults. Save the profile to make them the company’s.',
  legalName: 'Legal name',
  address: 'Address',
  addressHint: `Up to ${ADDRESS_MAX_LINES} lines; printed under the name on every slip.`,
  pf: 'PF establishment code',
  pfHint: 'As EPFO gives it, e.g. KNBNG0012345000.',
  esi: 'ESI employer code',
  esiHint: 'The 17-digit code ESIC gives on registration.',
  tan: 'TAN',
  tanHint: 'Four letters, five digits and a letter, e.g. BLRA12345B.',
  timeZone: 'Time zone',
  timeZoneHint: 'Attendance days and “today” are counted in this zone.',
  leaveYear: 'Leave year',
  january: 'January to December',
  april: 'April to March',
  financialYear: 'Financial year',
  financialYearText: 'April to March (fixed by the Income-tax Act).',
  save: 'Save profile',
  saving: 'Saving...',
  logoTitle: 'Logo',
  logoHint: `PNG or JPEG, at most ${LOGO_MAX_BYTES / 1024} KB and 2,000 pixels a side. Printed at the top left of every PDF slip.`,
  noLogo: 'No logo yet.',
  logoAlt: 'The company logo as uploaded',
  chooseLogo: 'Upload a logo',
  removeLogo: 'Remove logo',
  logoSaved: 'Logo saved',
  logoRemoved: 'Logo removed',
  departments: 'Departments',
  locations: 'Locations',
  noneYet: 'None yet.',
  add: 'Add',
  name: 'Name',
  state: 'State',
  city: 'City',
  failed: 'Error: ',
} as const;

/** The IANA zones the browser knows, the saved one first if it is unusual. */
function zones(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : ['Asia/Kolkata', 'UTC'];
  return known.includes(current) ? known : [current, ...known];
}

export function CompanyProfilePage() {
  const { data, error, isLoading } = useGetCompanyProfileQuery();
  return (
    <>
      <section className="card" aria-labelledby="company-profile-title">
        <h2 id="company-profile-title">{COMPANY_UI.title}</h2>
        <p className="muted">{COMPANY_UI.intro}</p>
        {error ? (
          <Banner tone="error">{COMPANY_UI.loadFailed + errorMessage(error, 'the server did not answer')}</Banner>
        ) : isLoading || !data ? (
          <LoadingScreen text={COMPANY_UI.loading} />
        ) : (
          <ProfileForm profile={data} />
        )}
      </section>
      {data && <LogoSection profile={data} />}
      <PlacesSection kind="departments" />
      <PlacesSection kind="locations" />
    </>
  );
}

function ProfileForm({ profile }: { profile: CompanyProfile }) {
  const dispatch = useAppDispatch();
  const save = mutationCall(companyApi.endpoints.saveCompanyProfile, dispatch);
  const form = useFormSubmit(companyProfileMachine, { submit: async (body, signal) => (await save(body, signal), {}) }, { values: profileValues(profile) });
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, form.fieldErrors);
  const { values, fieldErrors } = form;
  const field = (name: keyof typeof values & string) => ({ value: values[name], onChange: form.change(name) });
  const marked = (name: keyof typeof values & string) => ({ ...field(name), error: fieldErrors[name] });

  return (
    <form ref={formRef} className="form company-profile" aria-busy={form.submitting} noValidate onSubmit={form.onSubmit}>
      {!profile.saved && <Banner tone="info">{COMPANY_UI.notSaved}</Banner>}
      {form.error && (
        <p className="form-error" role="alert">
          {form.error}
        </p>
      )}
      <fieldset className="form__fields company-profile__fields" disabled={!form.editable}>
        <TextField id="company-legal-name" label={COMPANY_UI.legalName} required maxLength={160} autoComplete="organization" {...marked('legalName')} />
        <TextAreaField id="company-address" label={COMPANY_UI.address} hint={COMPANY_UI.addressHint} rows={5} maxLength={400} autoComplete="street-address" {...marked('address')} />
        <TextField id="company-pf" label={COMPANY_UI.pf} hint={COMPANY_UI.pfHint} maxLength={20} spellCheck={false} {...marked('pfEstablishmentCode')} />
        <TextField id="company-esi" label={COMPANY_UI.esi} hint={COMPANY_UI.esiHint} maxLength={20} inputMode="numeric" spellCheck={false} {...marked('esiEmployerCode')} />
        <TextField id="company-tan" label={COMPANY_UI.tan} hint={COMPANY_UI.tanHint} maxLength={10} spellCheck={false} {...marked('tan')} />
        <SelectField
          id="company-time-zone"
          label={COMPANY_UI.timeZone}
          hint={COMPANY_UI.timeZoneHint}
          choices={Object.fromEntries(zones(values.timeZone).map((z) => [z, z]))}
          {...field('timeZone')}
        />
        <SelectField id="company-leave-year" label={COMPANY_UI.leaveYear} choices={{ 1: COMPANY_UI.january, 4: COMPANY_UI.april }} {...field('leaveYearStartMonth')} />
        <div className="field">
          <strong>{COMPANY_UI.financialYear}</strong>
          <p className="muted company-profile__fixed">{COMPANY_UI.financialYearText}</p>
        </div>
      </fieldset>
      <div className="form__actions">
        <button type="submit" className="button" disabled={form.submitting}>
          <BusyText busy={form.submitting} busyText={COMPANY_UI.saving}>
            {COMPANY_UI.save}
          </BusyText>
        </button>
      </div>
    </form>
  );
}

function LogoSection({ profile }: { profile: CompanyProfile }) {
  const dispatch = useAppDispatch();
  const app = useEffects();
  const sha = profile.logo?.sha256;
  const { currentData: logo } = useGetCompanyLogoQuery(sha ?? '', { skip: !sha });
  const [busy, setBusy] = useState(false);
  const run = <T,>(call: () => Promise<T>, done: string) => {
    setBusy(true);
    call()
      .then(() => app.toast('success', done))
      .catch((e: unknown) => app.toast('error', COMPANY_UI.failed + errorMessage(e, 'the server did not answer')))
      .finally(() => setBusy(false));
  };
  const upload = (file: File | undefined) => file && run(() => mutationCall(companyApi.endpoints.uploadCompanyLogo, dispatch)(file, new AbortController().signal), COMPANY_UI.logoSaved);
  const remove = () => run(() => mutationCall(companyApi.endpoints.removeCompanyLogo, dispatch)(undefined, new AbortController().signal), COMPANY_UI.logoRemoved);
  return (
    <section className="card" aria-labelledby="company-logo-title">
      <h3 id="company-logo-title">{COMPANY_UI.logoTitle}</h3>
      <p id="company-logo-hint" className="muted">
        {COMPANY_UI.logoHint}
      </p>
      <div className="company-logo">
        {sha && logo ? <img className="company-logo__image" src={logo} alt={COMPANY_UI.logoAlt} /> : <p className="muted">{COMPANY_UI.noLogo}</p>}
        <div className="company-logo__actions">
          <input
            id="company-logo-file"
            className="visually-hidden"
            type="file"
            accept="image/png,image/jpeg"
            aria-describedby="company-logo-hint"
            disabled={busy}
            onChange={(e) => {
              upload(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
          <label className="button button--secondary company-logo__upload" htmlFor="company-logo-file">
            {busy && <Spinner />} {COMPANY_UI.chooseLogo}
          </label>
          {sha && (
            <button type="button" className="button button--secondary" disabled={busy} onClick={remove}>
              {COMPANY_UI.removeLogo}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}

/** Departments or locations: the list, and a one-line form to add one. */
function PlacesSection({ kind }: { kind: 'departments' | 'locations' }) {
  const dispatch = useAppDispatch();
  const app = useEffects();
  const departments = useGetDepartmentsQuery(undefined, { skip: kind !== 'departments' });
  const locations = useGetLocationsQuery(undefined, { skip: kind !== 'locations' });
  const rows = (kind === 'departments' ? departments.data : locations.data) ?? [];
  const [name, setName] = useState('');
  const [state, setState] = useState('');
  const [city, setCity] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const title = kind === 'departments' ? COMPANY_UI.departments : COMPANY_UI.locations;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    const signal = new AbortController().signal;
    const call =
      kind === 'departments'
        ? mutationCall(companyApi.endpoints.addDepartment, dispatch)({ name }, signal)
        : mutationCall(companyApi.endpoints.addLocation, dispatch)({ name, ...(state.trim() && { state }), ...(city.trim() && { city }) }, signal);
    call
      .then((added) => {
        app.toast('success', `${added.name} added`);
        setName('');
        setState('');
        setCity('');
        setError(null);
      })
      .catch((e: unknown) => setError(errorMessage(e, 'the server did not answer')))
      .finally(() => setBusy(false));
  };
  return (
    <section className="card" aria-labelledby={`company-${kind}-title`}>
      <h3 id={`company-${kind}-title`}>{title}</h3>
      {rows.length ? (
        <ul className="company-places">
          {rows.map((r) => (
            <li key={r._id}>
              {r.name}
              {'city' in r && (r.city || r.state) ? <span className="muted"> · {[r.city, r.state].filter(Boolean).join(', ')}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{COMPANY_UI.noneYet}</p>
      )}
      <form className="company-places__add" noValidate onSubmit={submit} aria-label={`${COMPANY_UI.add} ${kind === 'departments' ? 'a department' : 'a location'}`}>
        <TextField id={`company-${kind}-name`} label={COMPANY_UI.name} required maxLength={100} value={name} aria-invalid={error ? true : undefined} onChange={(e) => setName(e.target.value)} />
        {kind === 'locations' && (
          <>
            <TextField id="company-locations-city" label={COMPANY_UI.city} maxLength={60} value={city} onChange={(e) => setCity(e.target.value)} />
            <TextField id="company-locations-state" label={COMPANY_UI.state} maxLength={60} value={state} onChange={(e) => setState(e.target.value)} />
          </>
        )}
        <button type="submit" className="button" disabled={busy}>
          {busy && <Spinner />} {COMPANY_UI.add}
        </button>
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </form>
      {kind === 'locations' && <LocationPunchRules none={rows.length === 0} />}
    </section>
  );
}
