/**
 * /admin/settings: one home for the company's set-up screens (the list is settings-entries.ts), so
 * set-up is not scattered across chips on other screens.
 */
import { Link } from 'react-router-dom';
import { SETTINGS_ENTRIES } from './settings-entries';
import './settings.css';

export const SETTINGS_UI = {
  title: 'Settings',
  intro: 'Set up the company: each screen below saves on its own.',
} as const;

export function SettingsPage() {
  return (
    <section className="card" aria-labelledby="settings-title">
      <h2 id="settings-title">{SETTINGS_UI.title}</h2>
      <p className="muted">{SETTINGS_UI.intro}</p>
      <ul className="settings-list" aria-labelledby="settings-title">
        {SETTINGS_ENTRIES.map((entry) => (
          <li key={entry.to} className="settings-list__item">
            <Link to={entry.to} className="settings-list__link" aria-describedby={`settings-hint-${slug(entry.label)}`}>
              {entry.label}
            </Link>
            <p id={`settings-hint-${slug(entry.label)}`} className="settings-list__hint">
              {entry.hint}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const slug = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
