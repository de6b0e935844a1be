/** Dashboard sidebar: a titled nav of route links and action buttons (placeholders, Logout). */
import type { Ref } from 'react';
import { NavLink } from 'react-router-dom';

export type NavItem =
  | { label: string; to: string; end?: boolean }
  | { label: string; onSelect: () => void };

interface SidebarProps {
  ref?: Ref<HTMLElement>;
  id: string;
  title: string;
  items: readonly NavItem[];
  open: boolean;
  /** Called after any item is used, so the small-screen drawer can close. */
  onItemUsed: () => void;
}

export function Sidebar({ ref, id, title, items, open, onItemUsed }: SidebarProps) {
  return (
    <aside ref={ref} id={id} className={open ? 'sidebar sidebar--open' : 'sidebar'} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="sidebar__title">
        {title}
      </h2>
      <nav aria-labelledby={`${id}-title`}>
        <ul className="sidebar__list">
          {items.map((item) => (
            <li key={item.label}>
              {'to' in item ? (
                <NavLink to={item.to} end={item.end} className="sidebar__item" onClick={onItemUsed}>
                  {item.label}
                </NavLink>
              ) : (
                <button
                  type="button"
                  className="sidebar__item"
                  onClick={() => {
                    onItemUsed();
                    item.onSelect();
                  }}
                >
                  {item.label}
                </button>
              )}
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
