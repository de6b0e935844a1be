/**
 * The Admin / Employee switch as WAI-ARIA tabs: one tab stop, arrow keys (and Home/End) move and
 * select, the panel is labelled by the selected tab.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { LABELS } from '../../copy';
import type { LoginTab } from './login-machine';

const TABS: readonly { id: LoginTab; label: string }[] = [
  { id: 'admin', label: LABELS.adminTab },
  { id: 'employee', label: LABELS.employeeTab },
];

const tabId = (tab: LoginTab) => `login-tab-${tab}`;
const PANEL_ID = 'login-panel';

interface LoginTabsProps {
  selected: LoginTab;
  disabled: boolean;
  onSelect: (tab: LoginTab) => void;
  children: ReactNode;
}

export function LoginTabs({ selected, disabled, onSelect, children }: LoginTabsProps) {
  const refs = useRef<Partial<Record<LoginTab, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = TABS.findIndex((tab) => tab.id === selected);
    const next = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = TABS[next]!.id;
    onSelect(tab);
    refs.current[tab]?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label={LABELS.loginAs} className="tabs">
        {TABS.map(({ id, label }) => (
          <button
            key={id}
            ref={(el) => {
              refs.current[id] = el;
            }}
            type="button"
            role="tab"
            id={tabId(id)}
            className="tabs__tab"
            aria-selected={id === selected}
            aria-controls={PANEL_ID}
            tabIndex={id === selected ? 0 : -1}
            disabled={disabled}
            onClick={() => onSelect(id)}
            onKeyDown={onKeyDown}
          >
            {label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(selected)} className="tabs__panel">
        {children}
      </div>
    </>
  );
}
