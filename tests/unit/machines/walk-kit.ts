import fc from 'fast-check';
import { expect } from 'vitest';
import {
  __unsafe_getAllOwnEventDescriptors,
  initialTransition,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type EventFromLogic,
  type InputFrom,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import type { Problem } from '../../../src/domain/validation/problem.ts';
import type { CodeRequest } from '../../../src/machines/code-request.ts';
import type { FormContext, FormEvent, FormValues } from '../../../src/machines/form.machine.ts';

/**
 * An event the machine raises for itself: an invoked actor's answer (`xstate.done.actor.<id>`,
 * `xstate.error.actor.<id>`) or a delay (`xstate.after.<delay>.<state id>`). A walk lists them
 * explicitly, with the output the stubbed dependency would answer.
 */
export interface InternalEvent {
  type: `xstate.${string}`;
  output?: unknown;
  error?: unknown;
}

export type WalkEvent<M extends AnyStateMachine> = EventFromLogic<M> | InternalEvent;

/** 'a' for a flat state, 'a.b' for a nested one: one name per active leaf. */
export function stateName(value: StateValue): string {
  if (typeof value === 'string') return value;
  return Object.entries(value)
    .map(([key, child]) => (child === undefined ? key : `${key}.${stateName(child)}`))
    .join(',');
}

/** Every leaf state the machine declares, by the name `stateName` gives it. */
export function declaredStates(machine: AnyStateMachine): string[] {
  const names: string[] = [];
  const visit = (node: AnyStateMachine['root'], prefix: string) => {
    const children = Object.entries(node.states);
    if (children.length === 0) names.push(prefix);
    for (const [key, child] of children) visit(child, prefix ? `${prefix}.${key}` : key);
  };
  visit(machine.root, '');
  return names.sort();
}

/**
 * Shortest paths over the real machine from its initial snapshot (`input`), feeding `events`
 * (user events and the internal events above) wherever the current state accepts them. Also
 * reports internal events a state waits for that the walk did not supply (the graph would fall back
 * to a bare `{ type }`, which is no real answer), so a walk cannot silently skip a branch.
 */
export function walk<M extends AnyStateMachine>(
  machine: M,
  options: { input?: InputFrom<M>; events: ReadonlyArray<WalkEvent<M>> },
) {
  const supplied = new Set(options.events.map((event) => (event as EventObject).type));
  const unsupplied = new Set<string>();
  const paths = getShortestPaths(machine, {
    ...(options.input === undefined ? {} : { input: options.input }),
    events: (snapshot: AnyMachineSnapshot) => {
      const accepted = __unsafe_getAllOwnEventDescriptors(snapshot);
      for (const type of accepted) {
        if (type.startsWith('xstate.') && !supplied.has(type)) unsupplied.add(type);
      }
      // Only what the state listens to: an answer or a timer of another state never arrives.
      return (options.events as EventFromLogic<M>[]).filter((event) =>
        accepted.includes((event as EventObject).type),
      );
    },
  });
  // A snapshot in XState's error status means the walk fed something no running actor would get.
  const broken = paths.filter((path) => path.state.status === 'error');
  if (broken.length > 0) {
    throw new Error(
      `walk reached an error status: ${JSON.stringify(broken[0]?.steps.map((step) => step.event))}`,
    );
  }
  const reached = new Set(paths.map((path) => stateName(path.state.value)));
  return {
    paths,
    reached,
    unsupplied: [...unsupplied].sort(),
    /** The event types of the shortest path to the first snapshot that satisfies `predicate`. */
    route: (predicate: (snapshot: SnapshotFrom<M>) => boolean) => {
      const found = paths
        .filter((path) => predicate(path.state as SnapshotFrom<M>))
        .sort((a, b) => a.steps.length - b.steps.length)[0];
      return found?.steps.map((step) => step.event.type);
    },
  };
}

/** One resolved action the machine asked to execute (custom actions, sendTo, spawning an invoke). */
export interface Effect {
  type: string;
  params: Record<string, unknown> | undefined;
}

export interface Step<M extends AnyStateMachine> {
  event: WalkEvent<M>;
  before: SnapshotFrom<M>;
  after: SnapshotFrom<M>;
  effects: Effect[];
}

/**
 * Folds `events` through the real machine with XState's pure `transition` (the non-deprecated
 * form of getNextSnapshot that also returns the actions it would execute), so a property can check
 * each step: the state before, the event, the state after, and every effect asked for. Internal
 * events the current state does not wait for are dropped, as a running actor would never get them.
 */
export function fold<M extends AnyStateMachine>(
  machine: M,
  input: InputFrom<M> | undefined,
  /** Events, or functions of the current snapshot for answers that depend on it. */
  events: ReadonlyArray<WalkEvent<M> | ((snapshot: SnapshotFrom<M>) => WalkEvent<M>)>,
): { initial: SnapshotFrom<M>; steps: Step<M>[] } {
  const [initial] = (initialTransition as (logic: M, input: unknown) => [SnapshotFrom<M>, unknown[]])(
    machine,
    input,
  );
  const steps: Step<M>[] = [];
  let snapshot = initial;
  for (const next of events) {
    const event: WalkEvent<M> =
      typeof next === 'function' ? (next as (current: SnapshotFrom<M>) => WalkEvent<M>)(snapshot) : next;
    // An answer or a timer exists only while its state is active: a running actor never receives
    // one elsewhere (and an unexpected `xstate.error.*` would put any machine in its error status).
    const { type } = event as EventObject;
    if (
      type.startsWith('xstate.') &&
      !__unsafe_getAllOwnEventDescriptors(snapshot as AnyMachineSnapshot).includes(type)
    ) {
      continue;
    }
    const [after, actions] = transition(machine, snapshot, event as EventFromLogic<M>);
    steps.push({
      event,
      before: snapshot,
      after: after as SnapshotFrom<M>,
      effects: actions.map((action) => ({
        type: action.type,
        params: action.params as Record<string, unknown> | undefined,
      })),
    });
    snapshot = after as SnapshotFrom<M>;
  }
  return { initial, steps };
}

/** The events sent to the child `id` among a step's effects (`sendTo`). */
export function sentTo(effects: readonly Effect[], id: string): unknown[] {
  return effects
    .filter((effect) => effect.type === 'xstate.sendTo' && effect.params?.['targetId'] === id)
    .map((effect) => effect.params?.['event']);
}

/** The actors a step started (an invoke on entering a state), with their input. */
export function spawned(effects: readonly Effect[]): Array<{ src: unknown; input: unknown }> {
  return effects
    .filter((effect) => effect.type === 'xstate.spawnChild')
    .map((effect) => ({ src: effect.params?.['src'], input: effect.params?.['input'] }));
}

/** The params of every custom action `type` a step asked for. */
export function called(effects: readonly Effect[], type: string): unknown[] {
  return effects.filter((effect) => effect.type === type).map((effect) => effect.params);
}

/**
 * The rules of one shared form (form.machine.ts), written from the form's spec and its domain
 * rule rather than read from the machine: what SUBMIT checks and sends, where SEND_CODE sends a
 * code (or the problem that stops it), which fields make a sent code meaningless.
 */
export interface FormRules<V extends FormValues> {
  /** The machine id (its submit actor's events are `xstate.*.actor.0.<id>.submitting`). */
  id: string;
  initial: V;
  validate: (values: V) => Problem | null;
  payload: (values: V) => unknown;
  /** Absent: the form has no code, and SEND_CODE does nothing. */
  code?: (values: V) => CodeRequest | Problem;
  resetBy: ReadonlyArray<keyof V>;
  resetOnSuccess: boolean;
}

/** Random user events for a form (SET from `set`, SEND_CODE, SUBMIT) and the submit's answers. */
export function formEvents<V extends FormValues>(id: string, set: fc.Arbitrary<Partial<V>>) {
  const done = { type: `xstate.done.actor.0.${id}.submitting`, output: { ok: true } } as const;
  const error = { type: `xstate.error.actor.0.${id}.submitting`, error: new Error('code 0') } as const;
  return fc.array(
    fc.oneof(
      { weight: 4, arbitrary: set.map((values) => ({ type: 'SET' as const, values })) },
      { weight: 1, arbitrary: fc.constant({ type: 'SEND_CODE' as const }) },
      { weight: 2, arbitrary: fc.constant({ type: 'SUBMIT' as const }) },
      { weight: 1, arbitrary: fc.constant<FormEvent<V> | InternalEvent>(done) },
      { weight: 1, arbitrary: fc.constant<FormEvent<V> | InternalEvent>(error) },
    ),
    { maxLength: 30 },
  );
}

function isProblemResult(value: CodeRequest | Problem): value is Problem {
  return 'field' in value && 'code' in value;
}

/** Checks every step of a fold of a shared form machine against its rules; throws on the first miss. */
export function checkFormStep<V extends FormValues>(rules: FormRules<V>, step: Step<AnyStateMachine>): void {
  const before = step.before.context as FormContext<V, string>;
  const after = step.after.context as FormContext<V, string>;
  const event = step.event as FormEvent<V> | InternalEvent;
  const { effects } = step;
  const where = `${String(step.before.value)} + ${JSON.stringify(event)}`;
  expect(['editing', 'submitting'], where).toContain(step.after.value);
  expect(Object.keys(after.values).sort(), where).toEqual(Object.keys(rules.initial).sort());

  if (step.before.value === 'submitting') {
    if (!event.type.startsWith('xstate.')) {
      // A submitting form takes no second submit, no edit and no code click.
      expect(step.after.value, where).toBe('submitting');
      expect(after, where).toEqual(before);
      expect(effects, where).toEqual([]);
      return;
    }
    expect(step.after.value, where).toBe('editing');
    if (event.type.startsWith('xstate.done.')) {
      expect(called(effects, 'succeeded'), where).toEqual([{ output: (event as InternalEvent).output }]);
      expect(after.values, where).toEqual(rules.resetOnSuccess ? rules.initial : before.values);
      // The code was used up: the next submission needs a fresh one.
      expect(sentTo(effects, 'sendCode'), where).toEqual([{ type: 'RESET' }]);
    } else {
      expect(called(effects, 'succeeded'), where).toEqual([]);
      expect(after.values, where).toEqual(before.values);
    }
    return;
  }

  expect(called(effects, 'succeeded'), where).toEqual([]);
  if (event.type === 'SET') {
    const changes = event.values;
    expect(step.after.value, where).toBe('editing');
    expect(after.values, where).toEqual({ ...before.values, ...changes });
    expect(after.problem, where).toBeNull();
    const moved = rules.resetBy.some(
      (field) => field in changes && before.values[field] !== null && changes[field] !== before.values[field],
    );
    expect(sentTo(effects, 'sendCode'), where).toEqual(moved ? [{ type: 'RESET' }] : []);
    expect(called(effects, 'reportProblem'), where).toEqual([]);
    return;
  }
  if (event.type === 'SEND_CODE') {
    expect(step.after.value, where).toBe('editing');
    expect(after.values, where).toEqual(before.values);
    const result = rules.code?.(before.values);
    if (result === undefined) {
      expect(effects, where).toEqual([]);
    } else if (isProblemResult(result)) {
      expect(after.problem, where).toEqual(result);
      expect(called(effects, 'reportProblem'), where).toEqual([{ problem: result }]);
      expect(sentTo(effects, 'sendCode'), where).toEqual([]);
    } else {
      expect(sentTo(effects, 'sendCode'), where).toEqual([{ type: 'SEND', request: result }]);
      expect(called(effects, 'reportProblem'), where).toEqual([]);
    }
    return;
  }
  // SUBMIT: the first problem of the rule, or exactly one call with the contract payload.
  const problem = rules.validate(before.values);
  if (problem) {
    expect(step.after.value, where).toBe('editing');
    expect(after.problem, where).toEqual(problem);
    expect(called(effects, 'reportProblem'), where).toEqual([{ problem }]);
    expect(spawned(effects), where).toEqual([]);
  } else {
    expect(step.after.value, where).toBe('submitting');
    expect(spawned(effects), where).toEqual([{ src: 'submit', input: rules.payload(before.values) }]);
    expect(called(effects, 'reportProblem'), where).toEqual([]);
  }
}

/** The internal events a walk of form `id` needs: the submit's success and failure. */
export function formAnswers(id: string): InternalEvent[] {
  return [
    { type: `xstate.done.actor.0.${id}.submitting`, output: null },
    { type: `xstate.error.actor.0.${id}.submitting`, error: new Error('code 0') },
  ];
}
