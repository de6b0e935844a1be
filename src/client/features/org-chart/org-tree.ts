/**
 * The reporting tree from the roster's `managerId`s, and the rows a tree view shows: pure functions,
 * so the chart's rules are tested without a browser. Someone whose manager is not in the roster (no
 * manager, or a manager who has left) is at the top. A loop in the data (which the server refuses
 * to store) cannot hang the view: each person is placed once.
 */
import type { Employee } from '../../../shared/schemas/employee';

export interface OrgNode {
  person: Employee;
  /** Direct reports, by name. */
  children: OrgNode[];
  /** Everyone below, at any depth. */
  teamSize: number;
  parent: OrgNode | null;
  depth: number;
}

export interface OrgTree {
  roots: OrgNode[];
  byId: Map<string, OrgNode>;
}

const byName = (a: OrgNode, b: OrgNode) => a.person.name.localeCompare(b.person.name) || a.person.employeeId.localeCompare(b.person.employeeId);

export function buildOrgTree(people: readonly Employee[]): OrgTree {
  const byId = new Map<string, OrgNode>();
  for (const person of people) byId.set(person._id, { person, children: [], teamSize: 0, parent: null, depth: 0 });
  const roots: OrgNode[] = [];
  for (const node of byId.values()) {
    const manager = node.person.managerId ? byId.get(node.person.managerId) : undefined;
    if (manager && manager !== node) {
      node.parent = manager;
      manager.children.push(node);
    } else roots.push(node);
  }
  // Walk down from the top; whoever is not reached sits in a loop and is lifted to the top.
  const placed = new Set<OrgNode>();
  const place = (top: OrgNode) => {
    const stack: OrgNode[] = [top];
    const order: OrgNode[] = [];
    while (stack.length) {
      const node = stack.pop()!;
      if (placed.has(node)) continue;
      placed.add(node);
      order.push(node);
      node.children = node.children.filter((c) => !placed.has(c)).sort(byName);
      for (const child of node.children) {
        child.depth = node.depth + 1;
        stack.push(child);
      }
    }
    // Team sizes bottom-up: children come after their parent in `order`.
    for (let i = order.length - 1; i >= 0; i--) {
      const node = order[i]!;
      node.teamSize = node.children.reduce((sum, c) => sum + 1 + c.teamSize, 0);
    }
  };
  roots.sort(byName).forEach(place);
  for (const node of [...byId.values()].sort(byName)) {
    if (placed.has(node)) continue;
    node.parent?.children.splice(node.parent.children.indexOf(node), 1);
    node.parent = null;
    node.depth = 0;
    roots.push(node);
    place(node);
  }
  return { roots, byId };
}

/** One line of the tree view. */
export interface OrgRow {
  node: OrgNode;
  expanded: boolean;
  /** Its place among its siblings (1-based) and how many there are, for assistive tech. */
  position: number;
  siblings: number;
  /** The search found this person (not only someone below them). */
  match: boolean;
}

const normal = (s: string) => s.toLowerCase();

/** Whether `person` answers the search text (name, email, employee ID or position). */
export function matches(person: Employee, query: string): boolean {
  const q = normal(query.trim());
  return q !== '' && [person.name, person.email, person.employeeId, person.position].some((f) => normal(f).includes(q));
}

/** The people the search finds, and everyone above each of them. */
function searchHits(tree: OrgTree, query: string): { found: Set<OrgNode>; keep: Set<OrgNode> } {
  const found = new Set<OrgNode>();
  const keep = new Set<OrgNode>();
  for (const node of tree.byId.values()) {
    if (!matches(node.person, query)) continue;
    found.add(node);
    for (let n: OrgNode | null = node; n && !keep.has(n); n = n.parent) keep.add(n);
  }
  return { found, keep };
}

/** What a search opens: the chain above each person found (the people found stay closed). */
export function searchExpansion(tree: OrgTree, query: string): Set<string> {
  const { found, keep } = searchHits(tree, query);
  return new Set([...keep].filter((n) => !found.has(n) || n.children.some((c) => keep.has(c))).map((n) => n.person._id));
}

/** How many people the search finds. */
export const matchCount = (tree: OrgTree, query: string): number => searchHits(tree, query).found.size;

/**
 * The rows on screen: each root, and below each expanded person their reports. With a search, only
 * the people found and the chain above each, except that below someone found their whole team shows
 * as it is opened.
 */
export function visibleRows(tree: OrgTree, expanded: ReadonlySet<string>, query = ''): OrgRow[] {
  const searching = query.trim() !== '';
  const { found, keep } = searching ? searchHits(tree, query) : { found: new Set<OrgNode>(), keep: new Set<OrgNode>() };
  const rows: OrgRow[] = [];
  const walk = (nodes: OrgNode[], all: boolean) => {
    const shown = !searching || all ? nodes : nodes.filter((n) => keep.has(n));
    shown.forEach((node, i) => {
      const open = node.children.length > 0 && expanded.has(node.person._id);
      rows.push({ node, expanded: open, position: i + 1, siblings: shown.length, match: found.has(node) });
      if (open) walk(node.children, all || found.has(node));
    });
  };
  walk(tree.roots, false);
  return rows;
}

/** The ids of everyone who has reports: "Expand all". */
export const managersOf = (tree: OrgTree): Set<string> => new Set([...tree.byId.values()].filter((n) => n.children.length > 0).map((n) => n.person._id));

/** The first view: the top of the tree open one level. */
export const initialExpanded = (tree: OrgTree): Set<string> => new Set(tree.roots.filter((n) => n.children.length > 0).map((n) => n.person._id));
