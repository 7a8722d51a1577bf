import { transition, type AnyActor, type AnyStateMachine, type EventObject } from 'xstate';

/** Why an event typed into the inspector was not sent (keys of devtools.*). */
export type HandEventRefusal =
  | { reason: 'badEvent' }
  | { reason: 'sendReserved' }
  | { reason: 'sendStopped' }
  | { reason: 'sendThrows'; detail: string };

/**
 * Sends an event a developer typed into the inspector, without letting it break the machine.
 *
 * What was typed can be anything: not JSON, no `type`, an XState internal event, or an event whose
 * fields a guard or an assignment reads (`event.data.n` of an event with no `data`). XState runs
 * guards while it chooses a transition, and an error there puts the running actor in its error
 * status for good (and rethrows). So the event is first tried on a copy, with XState's pure
 * `transition` (it computes the next snapshot and runs guards and assignments, but executes no
 * effect); only if that succeeds is it sent to the real actor.
 */
export function sendByHand(ref: AnyActor, text: string): HandEventRefusal | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { reason: 'badEvent' };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { reason: 'badEvent' };
  const { type } = parsed as { type?: unknown };
  if (typeof type !== 'string' || type.trim() === '') return { reason: 'badEvent' };
  // Internal events (an invoked actor's answer, a timer, init) belong to XState: a forged one
  // would make the machine believe something happened that did not.
  if (type.startsWith('xstate.') || type.startsWith('@xstate')) return { reason: 'sendReserved' };
  const snapshot = ref.getSnapshot() as { status?: string } | undefined;
  if (snapshot?.status !== 'active') return { reason: 'sendStopped' };
  const event = parsed as EventObject;
  if (isMachine(ref.logic)) {
    try {
      const [next] = transition(ref.logic, snapshot as never, event as never);
      if ((next as { status?: string }).status === 'error') return { reason: 'sendThrows', detail: 'error' };
    } catch (error) {
      return { reason: 'sendThrows', detail: firstLine(error) };
    }
  }
  ref.send(event);
  return null;
}

function isMachine(logic: unknown): logic is AnyStateMachine {
  return typeof logic === 'object' && logic !== null && 'root' in logic && 'transition' in logic;
}

function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // XState's message names the guard and the state on its first line, the cause on the next.
  return message.split('\n').slice(0, 2).join(' ').slice(0, 240);
}
