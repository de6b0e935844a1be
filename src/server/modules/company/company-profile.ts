/**
 * The company profile: legal name, address, logo, statutory codes, time zone, financial and leave
 * year. Stored in the database (the 'profile' key of company_settings, the logo in company_logo,
 * the leave year in the leave settings it shares with Leave settings), so every instance agrees.
 *
 * The name and the zone are what the rest of the server reads as `ctx.config.companyName` and
 * `ctx.config.timeZone` (slips, files, mail subjects, the days attendance is filed under): each app
 * applies the stored profile when it is built, again on every background sweep (another instance's
 * change arrives within seconds), and at once when it saves one itself. Until an admin saves a
 * profile, COMPANY_NAME and APP_TIMEZONE (or the system zone) are the company's: the environment
 * gives a new company its defaults and nothing more.
 *
 * The logo's bytes are cached per process by SHA-256, so a bulk slip run reads them once, and held
 * in shared memory, so the slip PDF threads get them without a copy per slip.
 */
import { createHash } from 'node:crypto';
import { companyProfileBody, type CompanyLogoInfo, type CompanyProfile } from '../../../shared/schemas/company-profile';
import { recordAudit } from '../../audit';
import type { AppContext } from '../../context';
import type { Db } from '../../db/handle';
import { readLeaveSettings, writeLeaveSettings } from '../leave-policy';
import { writeCompanySetting } from '../../db/company-settings';
import { checkLogo } from './logo-content';

/** What the slip needs of the logo: its bytes, type and SHA-256 (the key of its prepared planes). */
export interface SlipLogo {
  contentType: 'image/png' | 'image/jpeg';
  sha256: string;
  bytes: Uint8Array;
}

/** The address and logo a slip prints (the logo's bytes read once per logo). */
export interface SlipCompany {
  address: string | null;
  /** Drawn on the PDF only: the .xlsx is written by a streaming writer, which takes no images. */
  logo: SlipLogo | null;
}

const KEY = 'profile';
const LOGO_KEY = 'logo';

interface StoredProfile {
  legalName: string;
  address: string | null;
  pfEstablishmentCode: string | null;
  esiEmployerCode: string | null;
  tan: string | null;
  timeZone: string;
}

/** What the environment gave this app, kept before the first profile is applied over it. */
const envDefaults = new WeakMap<AppContext, { companyName: string; timeZone: string }>();
/** The applied address and logo of each app, for the slips. */
const applied = new WeakMap<AppContext, { address: string | null; logo: CompanyLogoInfo | null }>();
const logoBytes = new Map<string, Uint8Array>();

/** The logo's bytes in shared memory: a slip handed to a PDF thread carries a view of them, not a copy. */
function sharedBytes(content: Uint8Array): Uint8Array {
  const bytes = new Uint8Array(new SharedArrayBuffer(content.length));
  bytes.set(content);
  return bytes;
}

const defaultsOf = (ctx: AppContext) => {
  let d = envDefaults.get(ctx);
  if (!d) envDefaults.set(ctx, (d = { companyName: ctx.config.companyName, timeZone: ctx.config.timeZone }));
  return d;
};

async function readStored(db: Db): Promise<{ profile: StoredProfile; updatedAt: string } | null> {
  const row = await db.selectFrom('company_settings').select(['value_json', 'updated_at']).where('key', '=', KEY).executeTakeFirst();
  return row ? { profile: JSON.parse(row.value_json) as StoredProfile, updatedAt: row.updated_at } : null;
}

async function readLogoInfo(db: Db): Promise<CompanyLogoInfo | null> {
  const row = await db.selectFrom('company_logo').select(['content_type', 'size_bytes', 'sha256', 'updated_at']).where('key', '=', LOGO_KEY).executeTakeFirst();
  return row ? { contentType: row.content_type as CompanyLogoInfo['contentType'], sizeBytes: Number(row.size_bytes), sha256: row.sha256, updatedAt: row.updated_at } : null;
}

/** The profile as GET /api/company/profile answers it: the stored one, or the environment's defaults. */
export async function readCompanyProfile(ctx: AppContext, db: Db = ctx.database.db): Promise<CompanyProfile> {
  const defaults = defaultsOf(ctx);
  const [stored, logo, leave] = await Promise.all([readStored(db), readLogoInfo(db), readLeaveSettings(db)]);
  const p = stored?.profile;
  return {
    legalName: p?.legalName ?? defaults.companyName,
    address: p?.address ?? null,
    pfEstablishmentCode: p?.pfEstablishmentCode ?? null,
    esiEmployerCode: p?.esiEmployerCode ?? null,
    tan: p?.tan ?? null,
    timeZone: p?.timeZone ?? defaults.timeZone,
    leaveYearStartMonth: leave.leaveYearStartMonth,
    financialYear: 'April to March',
    logo,
    saved: Boolean(stored),
    updatedAt: stored?.updatedAt ?? null,
  };
}

/** Puts the stored profile's name and zone in this app's config, and remembers its address and logo for the slips. */
export async function applyCompanyProfile(ctx: AppContext): Promise<CompanyProfile> {
  const profile = await readCompanyProfile(ctx);
  ctx.config.companyName = profile.legalName;
  ctx.config.timeZone = profile.timeZone;
  applied.set(ctx, { address: profile.address, logo: profile.logo });
  return profile;
}

/** Where the zone in use comes from, for the start line. */
export function timeZoneSource(profile: CompanyProfile, env: NodeJS.ProcessEnv): string {
  if (profile.saved) return 'the company profile';
  return env.APP_TIMEZONE ? 'APP_TIMEZONE' : "the server's zone: set it in Settings, Company profile";
}

/** Saves the fields given (admin), audited, in one transaction; fields left out keep their value. */
export async function saveCompanyProfile(ctx: AppContext, actorId: number, update: Partial<ReturnType<typeof companyProfileBody.parse>>): Promise<CompanyProfile> {
  const at = ctx.now();
  await ctx.database.db.transaction().execute(async (trx) => {
    const before = await readCompanyProfile(ctx, trx);
    const next: StoredProfile = {
      legalName: update.legalName ?? before.legalName,
      address: update.address !== undefined ? update.address : before.address,
      pfEstablishmentCode: update.pfEstablishmentCode !== undefined ? update.pfEstablishmentCode : before.pfEstablishmentCode,
      esiEmployerCode: update.esiEmployerCode !== undefined ? update.esiEmployerCode : before.esiEmployerCode,
      tan: update.tan !== undefined ? update.tan : before.tan,
      timeZone: update.timeZone ?? before.timeZone,
    };
    await writeCompanySetting(trx, KEY, next, at.toISOString());
    const { logo: _logo, financialYear: _fy, saved: _saved, updatedAt: _at, leaveYearStartMonth, ...was } = before;
    await recordAudit(trx, { actorId, action: 'company-profile.update', entity: 'company_settings', entityId: KEY, before: before.saved ? was : null, after: next }, at);
    if (update.leaveYearStartMonth !== undefined && update.leaveYearStartMonth !== leaveYearStartMonth) {
      const leave = await readLeaveSettings(trx);
      const after = { ...leave, leaveYearStartMonth: update.leaveYearStartMonth };
      await writeLeaveSettings(trx, after, at.toISOString());
      await recordAudit(trx, { actorId, action: 'leave-settings.update', entity: 'company_settings', entityId: 'leave', before: leave, after }, at);
    }
  });
  return applyCompanyProfile(ctx);
}

/** Stores a logo after checking its content (400 otherwise); audited with its SHA-256. */
export async function saveCompanyLogo(ctx: AppContext, actorId: number, bytes: Buffer): Promise<CompanyProfile> {
  const checked = checkLogo(bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const at = ctx.now().toISOString();
  await ctx.database.db.transaction().execute(async (trx) => {
    const values = { content_type: checked.contentType, size_bytes: bytes.length, sha256, content: bytes, updated_by: actorId, updated_at: at };
    await trx
      .insertInto('company_logo')
      .values({ key: LOGO_KEY, ...values })
      .onConflict((oc) => oc.column('key').doUpdateSet(values))
      .execute();
    await recordAudit(trx, { actorId, action: 'company-logo.update', entity: 'company_logo', entityId: LOGO_KEY, after: { contentType: checked.contentType, sizeBytes: bytes.length, width: checked.width, height: checked.height, sha256 } }, ctx.now());
  });
  logoBytes.set(sha256, sharedBytes(bytes));
  return applyCompanyProfile(ctx);
}

/** Removes the logo (audited); false when there was none. */
export async function removeCompanyLogo(ctx: AppContext, actorId: number): Promise<boolean> {
  const removed = await ctx.database.db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom('company_logo').where('key', '=', LOGO_KEY).executeTakeFirst();
    if (!Number(gone.numDeletedRows)) return false;
    await recordAudit(trx, { actorId, action: 'company-logo.remove', entity: 'company_logo', entityId: LOGO_KEY }, ctx.now());
    return true;
  });
  await applyCompanyProfile(ctx);
  return removed;
}

/** The logo's bytes and type, or undefined when there is none. */
export async function readCompanyLogo(db: Db): Promise<{ contentType: string; content: Buffer; sha256: string } | undefined> {
  const row = await db.selectFrom('company_logo').select(['content_type', 'content', 'sha256']).where('key', '=', LOGO_KEY).executeTakeFirst();
  return row ? { contentType: row.content_type, content: Buffer.from(row.content), sha256: row.sha256 } : undefined;
}

/** The address and logo a slip prints, from what this app last applied (the logo's bytes read once per logo). */
export async function slipCompany(ctx: AppContext): Promise<SlipCompany> {
  const current = applied.get(ctx) ?? (await applyCompanyProfile(ctx), applied.get(ctx)!);
  const info = current.logo;
  if (!info) return { address: current.address, logo: null };
  let bytes = logoBytes.get(info.sha256);
  if (!bytes) {
    const stored = await readCompanyLogo(ctx.database.db);
    // Replaced or removed since it was applied: print the slip without it rather than a stale one.
    if (!stored || stored.sha256 !== info.sha256) return { address: current.address, logo: null };
    bytes = sharedBytes(stored.content);
    if (logoBytes.size >= 4) logoBytes.clear();
    logoBytes.set(info.sha256, bytes);
  }
  return { address: current.address, logo: { contentType: info.contentType, sha256: info.sha256, bytes } };
}
