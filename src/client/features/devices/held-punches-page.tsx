/**
 * /admin/attendance/punches/held: punches that changed no day yet. Held for review (in the future,
 * too old, or in an approved month), each shown with why, applied or discarded (asked first, with a
 * reason the employee sees); and
 * device PINs no employee has, each with its punches and devices, given to an employee by ID.
 */
import { useAppDispatch } from '../../app/hooks';
import { errorMessage } from '../../api/error-message';
import { RegionTable } from '../../components/scroll-table';
import { Banner } from '../../components/banner';
import { FieldError, invalidProps } from '../../components/field-error';
import { SubmitButton } from '../../components/submit-button';
import { SubmitForm } from '../../components/submit-form';
import { mutationCall } from '../../flows/from-mutation';
import { useFormSubmit } from '../../flows/use-form-submit';
import { useRemarkAction } from '../../flows/use-remark-action';
import { RemarkDialog } from '../../components/remark-dialog';
import type { Punch, UnmappedPin } from '../../../shared/schemas/device';
import { Link } from 'react-router-dom';
import { PATHS } from '../../config/paths';
import { devicesApi, NO_PUNCH_FILTERS, useGetNeedsPinQuery, useGetPunchesQuery, useGetUnmappedPinsQuery } from './devices-api';
import { DEVICES_UI as UI, HELD_DECISION_UI } from './devices-copy';
import { DevicesNav, punchTime, when } from './devices-nav';
import { heldDecisionMachine, heldReasonRequired, mapPinMachine } from './device-machines';
import { sourceOf, WhenAndWho } from './punches-page';
import './devices.css';

const HELD_PAGE = 200;

function HeldTable({ punches }: { punches: Punch[] }) {
  const dispatch = useAppDispatch();
  // Apply and Discard ask first, in the decision dialog, with a reason the employee sees.
  const decision = useRemarkAction(heldDecisionMachine, ({ id, status, remark }, signal) =>
    mutationCall(status === 'approved' ? devicesApi.endpoints.releasePunch : devicesApi.endpoints.discardPunch, dispatch)({ id, reason: remark ?? '' }, signal),
  );
  const busy = decision.runningId !== null;
  return (
    <>
      {decision.asking && <RemarkDialog context={decision.state.context} send={decision.send} copy={HELD_DECISION_UI} remarkRequired={heldReasonRequired} />}
      <RegionTable label={UI.heldLabel} tableClassName="table--cards devices__table" heads={[UI.heldColumns.when, UI.heldColumns.person, UI.heldColumns.device, UI.heldColumns.reason, UI.heldColumns.actions]}>
        {punches.map((p) => {
          const who = p.name ?? `PIN ${p.pin}`;
          const when = punchTime(p.punchedAt);
          const ask = (status: 'approved' | 'rejected') => decision.open({ id: p._id, status, who, what: UI.heldWhat(when, p.reason ?? '') });
          return (
            <tr key={p._id}>
              <WhenAndWho punch={p} whoLabel={UI.heldColumns.person} />
              <td data-label={UI.heldColumns.device} className="punches__source">
                {sourceOf(p)}
              </td>
              <td data-label={UI.heldColumns.reason}>{p.reason}</td>
              <td data-label={UI.heldColumns.actions}>
                <div className="button-row devices__actions">
                  <button type="button" className="button button--small" aria-label={UI.releaseLabel(who, when)} disabled={busy} aria-busy={decision.runningId === p._id} onClick={() => ask('approved')}>
                    {UI.release}
                  </button>
                  <button type="button" className="button button--danger button--small" aria-label={UI.discardLabel(who, when)} disabled={busy} aria-busy={decision.runningId === p._id} onClick={() => ask('rejected')}>
                    {UI.discard}
                  </button>
                </div>
              </td>
            </tr>
          );
        })}
      </RegionTable>
    </>
  );
}

function MapPinForm({ pin }: { pin: string }) {
  const dispatch = useAppDispatch();
  const form = useFormSubmit(mapPinMachine, { submit: mutationCall(devicesApi.endpoints.mapPin, dispatch) }, { target: pin });
  const id = `map-pin-${pin}`;
  return (
    <SubmitForm form={form} noValidate className="form held__map">
      <div className="field held__map-field">
        <label htmlFor={id} className="visually-hidden">
          {UI.employeeIdFor(pin)}
        </label>
        <input id={id} type="text" autoComplete="off" spellCheck={false} maxLength={40} placeholder={UI.employeeId} value={form.values.employeeId} onChange={form.change('employeeId')} {...invalidProps(id, form.fieldErrors.employeeId)} />
        <FieldError id={id} error={form.fieldErrors.employeeId} />
      </div>
      <SubmitButton busy={form.submitting} block={false}>
        {UI.map}
      </SubmitButton>
    </SubmitForm>
  );
}

function UnmappedTable({ pins }: { pins: UnmappedPin[] }) {
  return (
    <RegionTable label={UI.unmappedLabel} tableClassName="table--cards devices__table" heads={[UI.unmappedColumns.pin, UI.unmappedColumns.punches, UI.unmappedColumns.span, UI.unmappedColumns.devices, UI.unmappedColumns.map]}>
      {pins.map((p) => (
        <tr key={p.pin}>
          <th scope="row">{p.pin}</th>
          <td data-label={UI.unmappedColumns.punches}>{p.punches}</td>
          <td data-label={UI.unmappedColumns.span}>
            {when(p.firstAt)} – {when(p.lastAt)}
          </td>
          <td data-label={UI.unmappedColumns.devices} className="devices__serial">
            {p.devices.join(', ')}
          </td>
          <td data-label={UI.unmappedColumns.map}>
            <MapPinForm pin={p.pin} />
          </td>
        </tr>
      ))}
    </RegionTable>
  );
}

const NEEDS_PIN_SHOWN = 50;

function NeedsPin() {
  const { data, error } = useGetNeedsPinQuery();
  if (error) return <Banner tone="error">{errorMessage(error, UI.punchesFailed)}</Banner>;
  if (!data) return <p role="status">{UI.punchesLoading}</p>;
  if (!data.length) return <p>{UI.needsPinEmpty}</p>;
  return (
    <>
      <ul className="held__needs-pin" aria-label={UI.needsPinLabel}>
        {data.slice(0, NEEDS_PIN_SHOWN).map((p) => (
          <li key={p._id}>
            <Link to={PATHS.adminEditEmployee(p._id)}>
              {p.name} ({p.employeeId})
            </Link>
          </li>
        ))}
      </ul>
      {data.length > NEEDS_PIN_SHOWN && <p className="muted">{UI.needsPinMore(NEEDS_PIN_SHOWN, data.length)}</p>}
    </>
  );
}

export function HeldPunchesPage() {
  const held = useGetPunchesQuery({ ...NO_PUNCH_FILTERS, state: 'quarantined', offset: 0, limit: HELD_PAGE });
  const unmapped = useGetUnmappedPinsQuery();
  return (
    <section className="card card--wide devices" aria-labelledby="held-title">
      <h2 id="held-title">{UI.heldTitle}</h2>
      <DevicesNav />
      <p className="muted">{UI.heldIntro}</p>
      {held.error ? (
        <Banner tone="error">{errorMessage(held.error, UI.punchesFailed)}</Banner>
      ) : !held.data ? (
        <p role="status">{UI.punchesLoading}</p>
      ) : held.data.punches.length === 0 ? (
        <p role="status">{UI.heldEmpty}</p>
      ) : (
        <>
          {held.data.total > held.data.punches.length && <p className="muted">{UI.moreHeld(held.data.punches.length, held.data.total)}</p>}
          <HeldTable punches={held.data.punches} />
        </>
      )}
      <section className="held__unmapped" aria-labelledby="unmapped-title">
        <h3 id="unmapped-title">{UI.unmappedTitle}</h3>
        <p className="muted">{UI.unmappedIntro}</p>
        {unmapped.error ? (
          <Banner tone="error">{errorMessage(unmapped.error, UI.punchesFailed)}</Banner>
        ) : !unmapped.data ? (
          <p role="status">{UI.punchesLoading}</p>
        ) : unmapped.data.length === 0 ? (
          <p>{UI.unmappedEmpty}</p>
        ) : (
          <UnmappedTable pins={unmapped.data} />
        )}
      </section>
      <section className="held__unmapped" aria-labelledby="needs-pin-title">
        <h3 id="needs-pin-title">{UI.needsPinTitle}</h3>
        <p className="muted">{UI.needsPinIntro}</p>
        <NeedsPin />
      </section>
    </section>
  );
}
