/**
 * Biometric devices and raw punches (/api/devices, /api/attendance/punches): the device list and
 * unregistered sightings, registering, renaming and switching a device off or on, the raw punch log,
 * punches held for review and PINs nobody has. A change refreshes the lists through their tags; a
 * punch applied changes days, so the attendance lists refresh too.
 */
import type { MsgResponse } from '../../../shared/schemas/common';
import type { Location } from '../../../shared/schemas/company';
import type { Device, DeviceBody, DeviceUpdateBody, NeedsPin, PunchPage, Sighting, UnmappedPin } from '../../../shared/schemas/device';
import { api } from '../../api/base-api';

const DEVICES = { type: 'Device', id: 'LIST' } as const;
const SIGHTINGS = { type: 'Device', id: 'SIGHTINGS' } as const;
const PUNCHES = { type: 'Punch', id: 'LIST' } as const;
const UNMAPPED = { type: 'Punch', id: 'UNMAPPED' } as const;
// The attendance lists' tag (the attendance feature's): an applied punch changes a day.
const ATTENDANCE = { type: 'Attendance', id: 'LIST' } as const;

/** The raw log's filters as the address holds them ('' for none). */
export interface PunchFilters {
  q: string;
  deviceId: string;
  from: string;
  to: string;
  state: string;
}
export const NO_PUNCH_FILTERS: PunchFilters = { q: '', deviceId: '', from: '', to: '', state: '' };

/** A page of the log: the filters and where it starts. */
export type PunchQuery = PunchFilters & { offset: number; limit: number };

const given = (q: PunchQuery) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== '' && v !== undefined));

export const devicesApi = api.enhanceEndpoints({ addTagTypes: ['Device', 'Punch'] }).injectEndpoints({
  endpoints: (build) => ({
    /** Every registered device with its contact, clock drift, punches today and pending punches. */
    getDevices: build.query<Device[], void>({ query: () => '/api/devices', providesTags: [DEVICES] }),
    /** The company's locations, to place a device (the Company profile's list, under its tag). */
    getDeviceLocations: build.query<Location[], void>({ query: () => '/api/company/locations', providesTags: [{ type: 'Company', id: 'LOCATIONS' }] }),
    /** Serial numbers that called without being registered (the last 7 days). */
    getSightings: build.query<Sighting[], void>({ query: () => '/api/devices/sightings', providesTags: [SIGHTINGS] }),
    registerDevice: build.mutation<MsgResponse & { _id: string }, DeviceBody>({
      query: (body) => ({ url: '/api/devices', method: 'POST', body }),
      invalidatesTags: [DEVICES, SIGHTINGS],
    }),
    /** Rename, or switch off / on (`enabled`). */
    updateDevice: build.mutation<MsgResponse & { _id: string }, DeviceUpdateBody & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/api/devices/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [DEVICES],
    }),
    /** Registers a seen serial number in one step, limited to the address it called from. */
    acceptSighting: build.mutation<MsgResponse & { _id: string }, { id: string }>({
      query: ({ id }) => ({ url: `/api/devices/sightings/${encodeURIComponent(id)}/accept`, method: 'POST' }),
      invalidatesTags: [DEVICES, SIGHTINGS],
    }),
    /** A page of raw punches, newest first. */
    getPunches: build.query<PunchPage, PunchQuery>({ query: (q) => ({ url: '/api/attendance/punches', params: given(q) }), providesTags: [PUNCHES] }),
    /** PINs no employee has, with their waiting punches. */
    getUnmappedPins: build.query<UnmappedPin[], void>({ query: () => '/api/attendance/punches/unmapped', providesTags: [UNMAPPED] }),
    /** Active employees without a device PIN (set one on Edit Employee); an employee edit refreshes it. */
    getNeedsPin: build.query<NeedsPin[], void>({ query: () => '/api/attendance/punches/needs-pin', providesTags: [UNMAPPED, { type: 'Employee', id: 'LIST' }] }),
    /** Gives an unmapped PIN to an employee (by employee ID); their waiting punches apply. */
    mapPin: build.mutation<MsgResponse & { applied: number; quarantined: number }, { id: string; employeeId: string }>({
      query: ({ id, employeeId }) => ({ url: `/api/attendance/punches/unmapped/${encodeURIComponent(id)}/map`, method: 'POST', body: { employeeId } }),
      invalidatesTags: [PUNCHES, UNMAPPED, DEVICES, ATTENDANCE, { type: 'Employee', id: 'LIST' }],
    }),
    /** Applies a held punch, with the admin's reason (the employee sees it). */
    releasePunch: build.mutation<MsgResponse, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/api/attendance/punches/held/${encodeURIComponent(id)}/release`, method: 'POST', body: { reason } }),
      invalidatesTags: [PUNCHES, DEVICES, ATTENDANCE],
    }),
    /** Discards a held punch, with the admin's reason (the employee sees it). */
    discardPunch: build.mutation<MsgResponse, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/api/attendance/punches/held/${encodeURIComponent(id)}/discard`, method: 'POST', body: { reason } }),
      invalidatesTags: [PUNCHES, UNMAPPED, DEVICES],
    }),
  }),
});

export const { useGetDevicesQuery, useGetDeviceLocationsQuery, useGetSightingsQuery, useGetPunchesQuery, useGetUnmappedPinsQuery, useGetNeedsPinQuery } = devicesApi;
