/**
 * The frame both dashboards share: sidebar, header and the child-screen area. On small screens the
 * sidebar becomes a drawer behind a 'Menu' button (product.md, Screens).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { LABELS } from '../copy';
import { Sidebar, type NavItem } from './sidebar';

interface DashboardShellProps {
  sidebarTitle: string;
  nav: readonly NavItem[];
  /** The header's greeting (its <h1>, and what goes with it). */
  heading: ReactNode;
  /** The header's buttons and links, beside the greeting. */
  actions: ReactNode;
  children: ReactNode;
}

const SIDEBAR_ID = 'dashboard-sidebar';

export function DashboardShell({ sidebarTitle, nav, heading, actions, children }: DashboardShellProps) {
  const [menuOpen, setMenuOpen] = useState(false);
  const sidebarRef = useRef<HTMLElement>(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    // The drawer precedes the header in the DOM, so Tab from the Menu button would never reach
    // it: move focus in, and back out on Escape, as keyboard users expect from a drawer.
    sidebarRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <div className="shell">
      <Sidebar
        ref={sidebarRef}
        id={SIDEBAR_ID}
        title={sidebarTitle}
        items={nav}
        open={menuOpen}
        onItemUsed={() => setMenuOpen(false)}
      />
      {menuOpen && <div className="shell__backdrop" aria-hidden="true" onClick={() => setMenuOpen(false)} />}
      <div className="shell__main">
        <header className="topbar">
          <button
            ref={menuButtonRef}
            type="button"
            className="topbar__menu"
            aria-controls={SIDEBAR_ID}
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="topbar__menu-icon" aria-hidden="true" />
            {LABELS.menu}
          </button>
          <div className="topbar__heading">{heading}</div>
          <div className="topbar__actions">{actions}</div>
        </header>
        <main className="shell__content">{children}</main>
      </div>
    </div>
  );
}
