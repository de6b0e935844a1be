/**
 * /admin/attendance/devices: the registered biometric devices (serial number, name, location, last
 * contact, clock drift, punches today, punches waiting for an admin, warnings), each renamed inline
 * or switched off and on; registering a new one; and the serial numbers that called without being
 * registered, each accepted with one click.
 */
import { useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { errorMessage } from '../../api/error-message';
import { RegionTable } from '../../components/scroll-table';
import { Banner } from '../../components/banner';
import { QueryList } from '../../components/query-list';
import { FieldError, invalidProps } from '../../components/field-error';
import { StatusBadge } from '../../components/status-badge';
import { SubmitButton, SubmitCancelRow } from '../../components/submit-button';
import { SubmitForm } from '../../components/submit-form';
import { mutationCall } from '../../flows/from-mutation';
import { useFormSubmit } from '../../flows/use-form-submit';
import { useRowAction } from '../../flows/use-row-action';
import type { Device, Sighting } from '../../../shared/schemas/device';
import { devicesApi, useGetDeviceLocationsQuery, useGetDevicesQuery, useGetSightingsQuery } from './devices-api';
import { DEVICES_UI as UI } from './devices-copy';
import { DevicesNav, when } from './devices-nav';
import { acceptSightingMachine, registerDeviceMachine, renameDeviceMachine, toggleDeviceMachine, type RegisterDeviceValues, type ToggleInput } from './device-machines';
import './devices.css';

function RenameForm({ device, onDone }: { device: Device; onDone: () => void }) {
  const dispatch = useAppDispatch();
  const form = useFormSubmit(
    renameDeviceMachine,
    { submit: mutationCall(devicesApi.endpoints.updateDevice, dispatch), accepted: onDone },
    { values: { name: device.name }, target: device._id },
  );
  const id = `device-name-${device._id}`;
  return (
    <SubmitForm form={form} noValidate className="form devices__rename">
      <div className="field">
        <label htmlFor={id}>{UI.newName}</label>
        <input id={id} type="text" autoComplete="off" maxLength={100} value={form.values.name} onChange={form.change('name')} {...invalidProps(id, form.fieldErrors.name)} />
        <FieldError id={id} error={form.fieldErrors.name} />
      </div>
      <SubmitCancelRow className="button-row" busy={form.submitting} submit={UI.save} cancel={UI.cancel} onCancel={onDone} />
    </SubmitForm>
  );
}

const driftText = (d: Device) => (d.driftSeconds === null ? UI.driftUnknown : UI.drift(d.driftSeconds));

function DeviceTable({ devices }: { devices: Device[] }) {
  const dispatch = useAppDispatch();
  const [renaming, setRenaming] = useState<string | null>(null);
  const toggle = useRowAction<ToggleInput>(toggleDeviceMachine, {
    run: (input, signal) => mutationCall(devicesApi.endpoints.updateDevice, dispatch)({ id: input.id, enabled: input.enabled }, signal),
  });
  return (
    <RegionTable label={UI.listLabel} tableClassName="table--cards devices__table devices__table--whole" heads={[UI.columns.device, UI.columns.lastSeen, UI.columns.drift, UI.columns.today, UI.columns.pending, UI.columns.actions]}>
      {devices.map((d) => (
        <tr key={d._id} className={d.enabled ? undefined : 'devices__row--off'}>
          <th scope="row" className="devices__name">
            {renaming === d._id ? (
              <RenameForm device={d} onDone={() => setRenaming(null)} />
            ) : (
              <>
                <span className="devices__device-name">{d.name}</span> {!d.enabled && <StatusBadge tone="neutral">{UI.off}</StatusBadge>}
                <dl className="devices__facts">
                  <dt>{UI.columns.serial}</dt>
                  <dd className="devices__serial">{d.serialNumber}</dd>
                  <dt>{UI.columns.location}</dt>
                  <dd>{d.locationName ?? UI.noLocation}</dd>
                </dl>
                {d.warnings.length > 0 && (
                  <ul className="devices__warnings">
                    {d.warnings.map((w) => (
                      <li key={w}>{w}</li>
                    ))}
                  </ul>
                )}
              </>
            )}
          </th>
          <td data-label={UI.columns.lastSeen}>{d.lastContactAt ? when(d.lastContactAt) : UI.never}</td>
          <td data-label={UI.columns.drift}>{d.driftFlagged ? <StatusBadge tone="warning">{driftText(d)}</StatusBadge> : driftText(d)}</td>
          <td data-label={UI.columns.today}>{d.punchesToday}</td>
          <td data-label={UI.columns.pending}>{d.pendingPunches > 0 ? <StatusBadge tone="warning">{d.pendingPunches}</StatusBadge> : 0}</td>
          <td data-label={UI.columns.actions}>
            <div className="button-row devices__actions">
              {renaming !== d._id && (
                <button type="button" className="button button--secondary button--small" aria-label={UI.renameLabel(d.name)} onClick={() => setRenaming(d._id)}>
                  {UI.rename}
                </button>
              )}
              <button
                type="button"
                className={`button button--small ${d.enabled ? 'button--danger' : 'button--secondary'}`}
                aria-label={d.enabled ? UI.disableLabel(d.name) : UI.enableLabel(d.name)}
                {...toggle.controlProps(d._id)}
                onClick={() => toggle.run({ id: d._id, name: d.name, serial: d.serialNumber, enabled: !d.enabled })}
              >
                {d.enabled ? UI.disable : UI.enable}
              </button>
            </div>
          </td>
        </tr>
      ))}
    </RegionTable>
  );
}

function RegisterForm() {
  const dispatch = useAppDispatch();
  const locations = useGetDeviceLocationsQuery();
  const form = useFormSubmit(registerDeviceMachine, { submit: mutationCall(devicesApi.endpoints.registerDevice, dispatch) });
  const { values, error, message, submitting, fieldErrors, change } = form;
  const text = (field: keyof RegisterDeviceValues, label: string, hint: string, extra: object = {}) => {
    const id = `device-${field}`;
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input id={id} type="text" autoComplete="off" spellCheck={false} value={values[field]} onChange={change(field)} {...invalidProps(id, fieldErrors[field], `${id}-hint`)} {...extra} />
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
        <FieldError id={id} error={fieldErrors[field]} />
      </div>
    );
  };
  return (
    <section className="devices__register" aria-labelledby="device-register-title">
      <h3 id="device-register-title">{UI.registerTitle}</h3>
      {error && <Banner tone="error">{error}</Banner>}
      {message && <Banner tone="success">{message}</Banner>}
      <SubmitForm form={form} noValidate className="form devices__register-form">
        {text('serialNumber', UI.serialNumber, UI.serialHint, { maxLength: 32 })}
        {text('name', UI.name, UI.nameHint, { maxLength: 100 })}
        <div className="field">
          <label htmlFor="device-locationId">{UI.location}</label>
          <select id="device-locationId" value={values.locationId} onChange={change('locationId')}>
            <option value="">{UI.anyLocation}</option>
            {(locations.data ?? []).map((l) => (
              <option key={l._id} value={l._id}>
                {l.name}
              </option>
            ))}
          </select>
        </div>
        {text('allowedCidrs', UI.allowedCidrs, UI.cidrHint)}
        <div>
          <SubmitButton busy={submitting} block={false}>
            {UI.register}
          </SubmitButton>
        </div>
      </SubmitForm>
    </section>
  );
}

function Sightings({ sightings }: { sightings: Sighting[] }) {
  const dispatch = useAppDispatch();
  const accept = useRowAction<{ id: string }>(acceptSightingMachine, { run: mutationCall(devicesApi.endpoints.acceptSighting, dispatch) });
  if (!sightings.length) return <p>{UI.sightingsEmpty}</p>;
  return (
    <RegionTable label={UI.sightingsLabel} tableClassName="table--cards devices__table" heads={[UI.sightingColumns.serial, UI.sightingColumns.address, UI.sightingColumns.lastSeen, UI.sightingColumns.requests, UI.sightingColumns.actions]}>
      {sightings.map((s) => (
        <tr key={s.serialNumber}>
          <th scope="row" className="devices__serial">
            {s.serialNumber}
          </th>
          <td data-label={UI.sightingColumns.address}>{s.address}</td>
          <td data-label={UI.sightingColumns.lastSeen}>{when(s.lastSeenAt)}</td>
          <td data-label={UI.sightingColumns.requests}>{s.requests}</td>
          <td data-label={UI.sightingColumns.actions}>
            <button
              type="button"
              className="button button--small"
              aria-label={UI.acceptLabel(s.serialNumber)}
              {...accept.controlProps(s.serialNumber)}
              onClick={() => accept.run({ id: s.serialNumber })}
            >
              {UI.accept}
            </button>
          </td>
        </tr>
      ))}
    </RegionTable>
  );
}

export function DevicesPage() {
  const list = useGetDevicesQuery();
  const sightings = useGetSightingsQuery();
  return (
    <section className="card card--wide devices" aria-labelledby="devices-title">
      <h2 id="devices-title">{UI.title}</h2>
      <DevicesNav />
      <p className="muted">{UI.intro}</p>
      <QueryList query={list} words={UI}>
        {(rows) => <DeviceTable devices={rows} />}
      </QueryList>
      <section className="devices__sightings" aria-labelledby="device-sightings-title">
        <h3 id="device-sightings-title">{UI.sightingsTitle}</h3>
        <p className="muted">{UI.sightingsIntro}</p>
        {sightings.error ? <Banner tone="error">{errorMessage(sightings.error, UI.loadFailed)}</Banner> : sightings.data ? <Sightings sightings={sightings.data} /> : <p role="status">{UI.loading}</p>}
      </section>
      <RegisterForm />
    </section>
  );
}
