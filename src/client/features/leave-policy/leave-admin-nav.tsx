/**
 * The admin's way between the leave screens beyond the spec's sidebar (which stays as specified):
 * Leave Management, Who's off, balances, holidays, types and settings, as one row of links.
 */
import { NavLink } from 'react-router-dom';
import { PATHS } from '../../config/paths';
import { LEAVE_ADMIN_NAV } from './holiday-calendar-copy';
import { LEAVE_BALANCE_UI } from './leave-balance-copy';
import './holiday-calendar.css';

const LINKS = [
  { to: PATHS.adminLeaves, label: LEAVE_ADMIN_NAV.requests },
  { to: PATHS.adminWhosOff, label: LEAVE_ADMIN_NAV.whosOff },
  { to: PATHS.adminLeaveBalances, label: LEAVE_BALANCE_UI.balancesLink },
  { to: PATHS.adminHolidays, label: LEAVE_ADMIN_NAV.holidays },
  { to: PATHS.adminLeaveTypes, label: LEAVE_ADMIN_NAV.types },
  { to: PATHS.adminLeaveSettings, label: LEAVE_ADMIN_NAV.settings },
] as const;

/** `exclude`: the screen it sits on besides (Leave Management shows the others only). */
export function LeaveAdminNav({ exclude }: { exclude?: string }) {
  return (
    <nav className="leave-admin-nav" aria-label={LEAVE_ADMIN_NAV.label}>
      <ul>
        {LINKS.filter((l) => l.to !== exclude).map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end className="leave-admin-nav__link">
              {link.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
