/** The three device screens' links, under each one's title: the current one marked. */
import { NavLink } from 'react-router-dom';
import { PATHS } from '../../config/paths';
import { DEVICES_UI as UI } from './devices-copy';

export function DevicesNav() {
  const links = [
    { to: PATHS.adminDevices, label: UI.navDevices },
    { to: PATHS.adminPunches, label: UI.navPunches },
    { to: PATHS.adminHeldPunches, label: UI.navHeld },
  ];
  return (
    <nav className="devices-nav" aria-label={UI.nav}>
      {links.map((l) => (
        <NavLink key={l.to} to={l.to} end className={({ isActive }) => `devices-nav__link${isActive ? ' devices-nav__link--current' : ''}`}>
          {l.label}
        </NavLink>
      ))}
    </nav>
  );
}

const WHEN = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });
const WHEN_SECONDS = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'medium' });
/** An instant as people read it, on this browser's clock. */
export const when = (iso: string) => WHEN.format(new Date(iso));
/** A punch's instant to the second. */
export const punchTime = (iso: string) => WHEN_SECONDS.format(new Date(iso));
