/**
 * The attendance CSV report, streamed: rows leave the database through a cursor, become CSV lines
 * and go to the client as it reads them, so memory stays flat whether the report has ten rows or
 * millions.
 */
import { Readable, pipeline, type Transform } from 'node:stream';
import SQLite from '../../db/sqlite-driver';
import { stringify } from 'csv-stringify';
import { Kysely, SqliteDialect } from 'kysely';
import { ATTENDANCE_MSG } from '../../../shared/messages';
import type { AppContext } from '../../context';
import type { Database } from '../../db/database';
import type { DB } from '../../db/schema';
import { HttpError } from '../../errors';
import { escapeFormula } from '../../spreadsheet-safety';
import { streamRecords, type AttendanceRow, type DateRange } from './attendance-repository';

/**
 * The report's columns. Punch times are written on the company's clock ("2026-10-01 09:12"), as
 * people read them, and the header names the zone, so a file opened elsewhere is not misread.
 */
export const csvColumns = (timeZone: string) => ['Employee ID', 'Name', 'Email', 'Date', 'Status', `Punch In (${timeZone})`, `Punch Out (${timeZone})`, 'Hours'];

const stampFormatters = new Map<string, Intl.DateTimeFormat>();

/** An instant as YYYY-MM-DD HH:MM on the zone's clock; blank for none. One cached formatter: the export writes millions. */
export function zoneStamp(iso: string | null, timeZone: string): string {
  if (!iso) return '';
  let formatter = stampFormatters.get(timeZone);
  if (!formatter) {
    // sv-SE writes "2026-10-01 09:12", the order wanted, on a 24-hour clock.
    formatter = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    stampFormatters.set(timeZone, formatter);
  }
  return formatter.format(new Date(iso));
}

/** attendance.csv for everything, attendance_{start}_{end}.csv for a range (product.md, Calls). */
export const reportFileName = (range?: { from: string; to: string }) =>
  range ? `attendance_${range.from}_${range.to}.csv` : 'attendance.csv';

/** Decimal hours between the punches, 2 places; blank until the day has both. */
export function workedHours(punchIn: string | null, punchOut: string | null): string {
  if (!punchIn || !punchOut) return '';
  const ms = Date.parse(punchOut) - Date.parse(punchIn);
  return Number.isFinite(ms) ? (ms / 3_600_000).toFixed(2) : '';
}

/** One CSV line's cells; every cell passes the formula guard, since names and emails are user input. */
export function csvCells(row: AttendanceRow, timeZone: string): string[] {
  return [
    row.employee_id ?? '',
    row.name,
    row.email,
    row.date,
    row.status,
    zoneStamp(row.punch_in, timeZone),
    zoneStamp(row.punch_out, timeZone),
    workedHours(row.punch_in, row.punch_out),
  ].map(escapeFormula);
}

/**
 * A database handle for one long read. Kysely's SQLite driver serves every query through one
 * connection behind a mutex, and a stream holds it until the last row — a slow download would stall
 * every other request. So on SQLite the export reads through its own read-only connection (WAL lets
 * it read beside the writer); PostgreSQL takes a pooled connection for the cursor.
 */
function openReader(database: Database): { db: Kysely<DB>; close: () => Promise<void> } {
  const file = database.sqlite && !database.sqlite.memory ? database.sqlite.name : undefined;
  if (!file) return { db: database.db, close: async () => {} };
  const connection = new SQLite(file, { readonly: true, fileMustExist: true });
  connection.pragma('busy_timeout = 5000');
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: connection }) });
  return { db, close: () => db.destroy() };
}

async function* csvRows(database: Database, range: DateRange, timeZone: string): AsyncGenerator<string[]> {
  const reader = openReader(database);
  try {
    for await (const row of streamRecords(reader.db, range)) yield csvCells(row, timeZone);
  } finally {
    // Runs on the last row, on an error and when the client goes away (the pipeline destroys us).
    await reader.close();
  }
}

/**
 * Opens report streams, at most `maxConcurrent` at a time. Each open report holds a database
 * connection for as long as its client takes to read it (one of the PostgreSQL pool's few, or an
 * SQLite reader pinning the WAL), so a burst of downloads — or stalled ones — is turned away with a
 * 429 instead of starving the requests everyone else is making.
 */
export function createAttendanceExporter(ctx: AppContext, maxConcurrent = 2) {
  let open = 0;
  return {
    /**
     * The report as a byte stream for reply.send(). Backpressure is end to end: the cursor is read
     * only as fast as the socket drains, through Readable.from and the stringifier's buffers.
     */
    open(range?: { from: string; to: string }): Transform {
      if (open >= maxConcurrent) throw new HttpError(429, ATTENDANCE_MSG.exportsBusy, { 'retry-after': '60' });
      open += 1;
      // The BOM tells Excel the file is UTF-8; without it, names like 'Zoë' or 'अनन्या' open garbled.
      const stringifier = stringify({ bom: true, header: true, columns: csvColumns(ctx.config.timeZone) });
      return pipeline(Readable.from(csvRows(ctx.database, range ?? {}, ctx.config.timeZone)), stringifier, (err) => {
        // Runs once the report has been read, failed, or its client went away.
        open -= 1;
        if (err && (err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') {
          ctx.log.error({ err }, 'attendance export failed');
        }
      });
    },
  };
}
