/**
 * The header's bell, on both dashboards: the unread count on the button, and a panel (a disclosure:
 * the button says whether it is open, Escape closes it and gives the focus back) with how many
 * requests wait for the caller's decision and their newest notifications, each marked read on its
 * own or all at once, and the caller's choice of mail: one for each thing, or one daily digest. The notifications are those the server recorded for mail (requests to decide,
 * decisions, hand-overs), read through RTK Query; nothing here decides anything.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { capitalise } from '../../../shared/format';
import { useGetNotificationPreferencesQuery, useGetNotificationsQuery, useMarkNotificationsReadMutation, useSetNotificationPreferencesMutation } from './team-api';
import { BELL_UI } from './team-copy';
import './notification-bell.css';

const POLL_MS = 60_000;

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function NotificationBell({ waiting }: { waiting: number }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const { data } = useGetNotificationsQuery(undefined, { pollingInterval: POLL_MS, skipPollingIfUnfocused: true });
  const [markRead, { isLoading: marking }] = useMarkNotificationsReadMutation();
  const unread = data?.unread ?? 0;
  // Read when the panel first opens, not on every dashboard load.
  const preferences = useGetNotificationPreferencesQuery(undefined, { skip: !open });
  const [setPreferences] = useSetNotificationPreferencesMutation();

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    return () => {
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <div className="bell" ref={root}>
      <button ref={button} type="button" className="button button--secondary bell__button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        <svg className="bell__icon" aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20">
          <path
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0"
          />
        </svg>
        <span className="visually-hidden">{BELL_UI.button(unread)}</span>
        {unread > 0 && (
          <span className="bell__count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      <div id={panelId} className="bell__panel" hidden={!open} role="region" aria-label={BELL_UI.title}>
        <div className="bell__head">
          <h2 className="bell__title">{BELL_UI.title}</h2>
          <button type="button" className="button button--small button--secondary" disabled={unread === 0 || marking} onClick={() => void markRead({})}>
            {BELL_UI.markAll}
          </button>
        </div>
        {waiting > 0 && <p className="bell__waiting">{BELL_UI.waiting(waiting)}</p>}
        {!data ? (
          <p className="muted">{BELL_UI.loading}</p>
        ) : data.items.length === 0 ? (
          <p className="muted">{BELL_UI.empty}</p>
        ) : (
          <ul className="bell__list">
            {data.items.map((n) => (
              <li key={n._id} className={n.read ? 'bell__item' : 'bell__item bell__item--unread'}>
                <p className="bell__item-title">
                  {!n.read && <span className="visually-hidden">{BELL_UI.unreadMark}: </span>}
                  {capitalise(n.title)}
                </p>
                <p className="bell__item-when muted">{when(n.createdAt)}</p>
                {!n.read && (
                  <button type="button" className="button button--small button--secondary" disabled={marking} aria-label={`${BELL_UI.markRead}: ${capitalise(n.title)}`} onClick={() => void markRead({ ids: [n._id] })}>
                    {BELL_UI.markRead}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        <label className="bell__digest">
          <input
            type="checkbox"
            checked={preferences.data?.digest ?? false}
            disabled={!preferences.data}
            onChange={(event) => void setPreferences({ digest: event.target.checked })}
          />
          <span>{BELL_UI.digest}</span>
        </label>
      </div>
    </div>
  );
}
