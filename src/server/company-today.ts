import { dateInZone } from '../shared/format';
import type { AppContext } from './context';

/** The company's today, 'YYYY-MM-DD' in APP_TIMEZONE: the day attendance and payroll are filed under. */
export const companyToday = (ctx: AppContext) => dateInZone(ctx.now(), ctx.config.timeZone);
