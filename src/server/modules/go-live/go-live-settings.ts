/** The company's go-live settings (go-live date, pay basis, invitations on import), one company_settings key. */
import { DEFAULT_GO_LIVE, goLiveSettingsSchema, type GoLiveSettings } from '../../../shared/schemas/company';
import { recordAudit } from '../../audit';
import type { AppContext } from '../../context';
import type { Db } from '../../db/handle';
import { writeCompanySetting } from '../../db/company-settings';

const KEY = 'go-live';

export async function readGoLive(db: Db): Promise<GoLiveSettings> {
  const row = await db.selectFrom('company_settings').select('value_json').where('key', '=', KEY).executeTakeFirst();
  const stored = row ? goLiveSettingsSchema.partial().safeParse(JSON.parse(row.value_json)) : null;
  return { ...DEFAULT_GO_LIVE, ...(stored?.success ? stored.data : {}) };
}

/** Saves the settings (admin) with an audit entry, in one transaction. */
export async function saveGoLive(ctx: AppContext, actorId: number, settings: GoLiveSettings): Promise<GoLiveSettings> {
  const at = ctx.now();
  await ctx.database.db.transaction().execute(async (trx) => {
    const before = await readGoLive(trx);
    await writeCompanySetting(trx, KEY, settings, at.toISOString());
    await recordAudit(trx, { actorId, action: 'go-live.update', entity: 'company_settings', entityId: KEY, before, after: settings }, at);
  });
  return settings;
}
