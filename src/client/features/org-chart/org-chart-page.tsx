/**
 * /admin/org-chart: the reporting tree (each employee under their manager), searchable, with teams
 * opened and closed by mouse or keyboard. It is an ARIA tree: one row in the tab order, arrow keys to
 * move, Right and Left to open and close, Home and End; only the rows in view are rendered, so a
 * company of thousands opens as fast as a team of ten.
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useGetEmployeesQuery } from '../../api/employee-api';
import { errorMessage } from '../../api/error-message';
import { Banner } from '../../components/banner';
import { observeViewport } from '../../components/virtual-rows';
import { formatCount } from '../../../shared/format';
import { ApprovalSettingsCard } from './approval-settings-card';
import { ORG_UI as UI } from './org-chart-copy';
import { buildOrgTree, initialExpanded, managersOf, matchCount, searchExpansion, visibleRows, type OrgRow } from './org-tree';
import './org-chart.css';

const ROW_PX = 56;

export function OrgChartPage() {
  const employees = useGetEmployeesQuery();
  const tree = useMemo(() => buildOrgTree(employees.data ?? []), [employees.data]);
  const [expanded, setExpanded] = useState<Set<string> | null>(null);
  const [query, setQuery] = useState('');
  const open = expanded ?? initialExpanded(tree);
  const rows = useMemo(() => visibleRows(tree, open, query), [tree, open, query]);
  const found = useMemo(() => (query.trim() ? matchCount(tree, query) : null), [tree, query]);

  const search = (text: string) => {
    setQuery(text);
    if (text.trim()) setExpanded(searchExpansion(tree, text));
  };

  return (
    <>
      <section className="card card--wide org" aria-labelledby="org-title">
        <h2 id="org-title">{UI.title}</h2>
        <p className="muted">{UI.intro}</p>
        <div className="org__tools">
          <div className="field org__search">
            <label htmlFor="org-search">{UI.search}</label>
            <input id="org-search" type="search" autoComplete="off" spellCheck={false} value={query} onChange={(e) => search(e.target.value)} />
          </div>
          <div className="org__buttons">
            <button type="button" className="button button--secondary" onClick={() => setExpanded(managersOf(tree))}>
              {UI.expandAll}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setExpanded(new Set())}>
              {UI.collapseAll}
            </button>
          </div>
        </div>
        <p className="org__count" aria-live="polite">
          {employees.data ? [UI.people(formatCount(employees.data.length)), found === null ? '' : UI.found(formatCount(found))].filter(Boolean).join(' · ') : ''}
        </p>
        {employees.error ? (
          <Banner tone="error">{errorMessage(employees.error, UI.loadFailed)}</Banner>
        ) : !employees.data ? (
          <p role="status">{UI.loading}</p>
        ) : employees.data.length === 0 ? (
          <p>{UI.empty}</p>
        ) : rows.length === 0 ? (
          <p>{UI.noMatch(query.trim())}</p>
        ) : (
          <OrgTreeView rows={rows} onToggle={(id, to) => setExpanded(toggled(open, id, to))} />
        )}
      </section>
      <ApprovalSettingsCard />
    </>
  );
}

function toggled(set: ReadonlySet<string>, id: string, to: boolean): Set<string> {
  const next = new Set(set);
  if (to) next.add(id);
  else next.delete(id);
  return next;
}

function OrgTreeView({ rows, onToggle }: { rows: OrgRow[]; onToggle: (id: string, open: boolean) => void }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [focusedId, setFocusedId] = useState<string | null>(null);
  // Focus moved by the keyboard goes to the row's element once it is rendered.
  const [moved, setMoved] = useState(0);
  const index = Math.max(0, rows.findIndex((r) => r.node.person._id === focusedId));
  const current = rows[index]!;

  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is read during render, as its docs show
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX,
    getItemKey: (i) => rows[i]!.node.person._id,
    overscan: 8,
    observeElementRect: observeViewport,
  });
  const items = virtualizer.getVirtualItems();

  useEffect(() => {
    if (!moved) return;
    const el = scrollRef.current?.querySelector<HTMLElement>(`[data-id="${current.node.person._id}"]`);
    el?.focus({ preventScroll: true });
  }, [moved, current, items]);

  const moveTo = (i: number) => {
    const target = rows[Math.min(rows.length - 1, Math.max(0, i))]!;
    setFocusedId(target.node.person._id);
    virtualizer.scrollToIndex(rows.indexOf(target), { align: 'auto' });
    setMoved((n) => n + 1);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const node = current.node;
    const hasTeam = node.children.length > 0;
    switch (e.key) {
      case 'ArrowDown':
        moveTo(index + 1);
        break;
      case 'ArrowUp':
        moveTo(index - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(rows.length - 1);
        break;
      case 'ArrowRight':
        if (hasTeam && !current.expanded) onToggle(node.person._id, true);
        else if (current.expanded) moveTo(index + 1);
        break;
      case 'ArrowLeft':
        if (current.expanded) onToggle(node.person._id, false);
        else if (node.parent) moveTo(rows.findIndex((r) => r.node === node.parent));
        break;
      case 'Enter':
      case ' ':
        if (hasTeam) onToggle(node.person._id, !current.expanded);
        break;
      default:
        return;
    }
    e.preventDefault();
  };

  return (
    <div ref={scrollRef} className="org__scroll" role="tree" aria-label={UI.tree} onKeyDown={onKeyDown}>
      {/* The full height of every row, so the scroll bar is right while only some are rendered. */}
      <div className="org__canvas" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const row = rows[item.index]!;
          const { node } = row;
          const id = node.person._id;
          const team = node.children.length > 0;
          return (
            <div
              key={id}
              data-id={id}
              role="treeitem"
              aria-level={node.depth + 1}
              aria-setsize={row.siblings}
              aria-posinset={row.position}
              aria-expanded={team ? row.expanded : undefined}
              aria-selected={id === current.node.person._id}
              tabIndex={id === current.node.person._id ? 0 : -1}
              className={`org__row${row.match ? ' org__row--match' : ''}`}
              style={{ transform: `translateY(${item.start}px)`, paddingInlineStart: `${0.5 + Math.min(node.depth, 12) * 1.25}rem` }}
              onClick={() => {
                setFocusedId(id);
                if (team) onToggle(id, !row.expanded);
              }}
            >
              <span className="org__toggle" aria-hidden="true">
                {team ? (row.expanded ? '▾' : '▸') : ''}
              </span>
              <span className="org__who">
                <span className="org__name">{node.person.name}</span>
                <span className="org__meta">
                  {node.person.position} · {node.person.employeeId}
                </span>
              </span>
              <span className="org__reports">{UI.reports(node.children.length, node.teamSize)}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
