import type { AnyStateMachine, AnyStateNode, StateValue } from 'xstate';

/**
 * A machine's statechart as plain data, read from its definition (`machine.root`), for the
 * inspector and the gallery to lay out and draw. Nothing here runs the machine.
 */
export type ChartNodeType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartNode {
  /** The state node's id (`machine.a.b` unless the config names it). */
  id: string;
  /** The node's key inside its parent (the machine's id for the root). */
  key: string;
  /** Keys from the root down to this node ([] for the root). */
  path: readonly string[];
  parent: string | null;
  type: ChartNodeType;
  /** Whether the parent enters this node first (a child of a parallel node is always entered). */
  initial: boolean;
  /** Whether this is a region of a parallel node. */
  region: boolean;
  /** Actors invoked while the state is active (their src or id). */
  invokes: readonly string[];
  /** Events handled without leaving the state (no target): event name and guard. */
  internal: readonly string[];
  tags: readonly string[];
}

export type ChartEdgeKind = 'event' | 'after' | 'always' | 'done' | 'error';

export interface ChartEdge {
  id: string;
  source: string;
  target: string;
  kind: ChartEdgeKind;
  /** What triggers it: the event type, "after 1 s", "always", "done: submit". */
  event: string;
  guard: string | null;
  /** The delay of an `after` transition, in ms when fixed, else its name. */
  delay: number | string | null;
  reenter: boolean;
}

export interface Chart {
  machineId: string;
  nodes: readonly ChartNode[];
  edges: readonly ChartEdge[];
}

/** A guard's readable name: its type, its function name, or the combinator with its parts. */
export function guardLabel(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' || typeof guard === 'function') {
    const record = guard as { type?: unknown; guards?: unknown; name?: unknown };
    // xstate's and() / or() / not() are functions named after themselves that carry their parts.
    const combinator =
      typeof record.type === 'string' ? record.type.replace(/^xstate\./, '') : String(record.name ?? '');
    if (['not', 'and', 'or'].includes(combinator) && Array.isArray(record.guards)) {
      const parts = record.guards.map(guardLabel).filter((part): part is string => !!part);
      if (combinator === 'not') return `!${parts[0] ?? '?'}`;
      return parts.join(combinator === 'and' ? ' && ' : ' || ');
    }
    if (typeof record.type === 'string') return record.type;
    if (typeof guard === 'function' && typeof record.name === 'string' && record.name) {
      return record.name === 'guard' ? 'inline' : record.name;
    }
    return 'inline';
  }
  return String(guard);
}

/** "250 ms", "1.5 s", "2 min", or the delay's name. */
export function delayLabel(delay: number | string | null): string {
  if (delay === null) return 'dynamic';
  if (typeof delay === 'string') return delay;
  if (delay >= 60_000 && delay % 60_000 === 0) return `${delay / 60_000} min`;
  if (delay >= 1000) return `${delay / 1000} s`;
  return `${delay} ms`;
}

function eventOf(
  eventType: string,
  invokeNames: ReadonlyMap<string, string>,
): { kind: ChartEdgeKind; event: string } {
  const name = (id: string) => invokeNames.get(id) ?? id;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done?.[1]) return { kind: 'done', event: `done: ${name(done[1])}` };
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error?.[1]) return { kind: 'error', event: `error: ${name(error[1])}` };
  if (eventType.startsWith('xstate.done.state.')) return { kind: 'done', event: 'done' };
  return { kind: 'event', event: eventType };
}

function nodeType(node: AnyStateNode): ChartNodeType {
  return node.type as ChartNodeType;
}

function invokeName(invoke: { id?: unknown; src?: unknown }): string {
  if (typeof invoke.src === 'string') return invoke.src;
  return typeof invoke.id === 'string' ? invoke.id : 'actor';
}

/** Every state node and transition of `machine`, parents before children, in definition order. */
export function chartOf(machine: AnyStateMachine): Chart {
  const nodes: ChartNode[] = [];
  const edges: ChartEdge[] = [];
  const root = machine.root;
  // Invoked actors get generated ids ("0.form.submitting"): their done and error events are
  // labelled with the actor's src instead.
  const invokeNames = new Map<string, string>();
  const collect = (node: AnyStateNode) => {
    for (const invoke of node.invoke) invokeNames.set(String(invoke.id), invokeName(invoke));
    for (const child of Object.values(node.states) as AnyStateNode[]) collect(child);
  };
  collect(root);

  const addEdges = (
    node: AnyStateNode,
    transitions: readonly {
      target?: readonly AnyStateNode[] | undefined;
      guard?: unknown;
      reenter?: boolean;
      eventType: string;
      delay?: unknown;
    }[],
    base: (eventType: string, delay: number | string | null) => { kind: ChartEdgeKind; event: string },
    internal: string[],
  ) => {
    for (const transition of transitions) {
      const guard = guardLabel(transition.guard);
      const rawDelay = transition.delay;
      const delay = typeof rawDelay === 'number' || typeof rawDelay === 'string' ? rawDelay : null;
      const { kind, event } = base(transition.eventType, delay);
      const targets = transition.target ?? [];
      if (targets.length === 0) {
        internal.push(guard ? `${event} [${guard}]` : event);
        continue;
      }
      for (const target of targets) {
        edges.push({
          id: `${node.id}:${edges.length}`,
          source: node.id,
          target: target.id,
          kind,
          event,
          guard,
          delay: kind === 'after' ? delay : null,
          reenter: transition.reenter ?? false,
        });
      }
    }
  };

  const visit = (node: AnyStateNode, parent: AnyStateNode | null) => {
    const internal: string[] = [];
    const initialTargets = parent?.type === 'compound' ? (parent.initial?.target ?? []) : [];
    const chartNode: ChartNode = {
      id: node.id,
      key: parent ? node.key : machine.id,
      path: node.path,
      parent: parent ? parent.id : null,
      type: nodeType(node),
      initial: parent === null || parent.type === 'parallel' || initialTargets.some((t) => t.id === node.id),
      region: parent?.type === 'parallel',
      invokes: node.invoke.map(invokeName),
      internal,
      tags: [...node.tags],
    };
    nodes.push(chartNode);
    for (const [eventType, transitions] of node.transitions) {
      // Delayed transitions are listed once, with their delay, from `node.after`.
      if (eventType.startsWith('xstate.after.')) continue;
      addEdges(node, transitions, (type) => eventOf(type, invokeNames), internal);
    }
    addEdges(
      node,
      node.after,
      (_type, delay) => ({ kind: 'after', event: `after ${delayLabel(delay)}` }),
      internal,
    );
    if (node.always) addEdges(node, node.always, () => ({ kind: 'always', event: 'always' }), internal);
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child, node);
  };
  visit(root, null);
  return { machineId: machine.id, nodes, edges };
}

/** Whether the state at `path` is active in `value` (a snapshot's `value`). */
export function isActivePath(value: StateValue, path: readonly string[]): boolean {
  let current: StateValue | undefined = value;
  for (const key of path) {
    if (current === undefined) return false;
    if (typeof current === 'string') {
      if (current !== key) return false;
      current = undefined;
      continue;
    }
    if (!(key in current)) return false;
    current = current[key] as StateValue | undefined;
  }
  return true;
}

/** The ids of every active node of `chart` in `value`. */
export function activeIds(chart: Chart, value: StateValue): Set<string> {
  return new Set(chart.nodes.filter((node) => isActivePath(value, node.path)).map((node) => node.id));
}

/** "a.b" / "{ a: b, c: d }" as one short line, for the event log. */
export function valueText(value: StateValue): string {
  if (typeof value === 'string') return value;
  const parts = Object.entries(value).map(([key, child]) =>
    child === undefined || (typeof child === 'object' && Object.keys(child).length === 0)
      ? key
      : `${key}.${valueText(child as StateValue)}`,
  );
  return parts.length === 1 ? (parts[0] ?? '') : `{ ${parts.join(', ')} }`;
}
