import type { FromSim, ToSim } from '../api/sim-wire.ts';
import type { SimServerPort } from './serve-port.ts';
import type { SimServer } from './server.ts';
import { servePort } from './serve-port.ts';

/**
 * Where a browser has no SharedWorker, every tab runs its own dedicated Worker, but only one of
 * them (the Web Lock holder) runs the exchange. The others relay their tab's traffic to it over a
 * BroadcastChannel, so all tabs still see one exchange and one event log.
 */
export type RelayMessage =
  | { kind: 'to-leader'; follower: string; message: ToSim }
  | { kind: 'to-follower'; follower: string; message: FromSim }
  /** A tab started leading: every follower sends it what the previous leader left unanswered. */
  | { kind: 'leader-ready' };

/** The subset of BroadcastChannel the relay uses. */
export interface RelayChannel {
  postMessage(message: RelayMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<RelayMessage>) => void): void;
}

/** Leader side: each follower becomes a virtual port, served like the leader's own tab. */
export function serveFollowers(channel: RelayChannel, serverReady: Promise<SimServer>): void {
  const followers = new Map<string, (message: ToSim) => void>();
  channel.addEventListener('message', (event) => {
    const relayed = event.data;
    if (relayed.kind !== 'to-leader') return;
    let deliver = followers.get(relayed.follower);
    if (!deliver) {
      const follower = relayed.follower;
      const listeners: ((event: MessageEvent<ToSim>) => void)[] = [];
      deliver = (message) =>
        listeners.forEach((listener) => listener({ data: message } as MessageEvent<ToSim>));
      followers.set(follower, deliver);
      servePort(
        {
          postMessage: (message) => channel.postMessage({ kind: 'to-follower', follower, message }),
          addEventListener: (_type, listener) => listeners.push(listener),
        },
        serverReady,
      );
    }
    deliver(relayed.message);
  });
}

/** Which request or socket a message is about, so unanswered ones can be replayed. */
function keyOf(message: ToSim | FromSim): string | null {
  if (message.kind === 'request' || message.kind === 'response' || message.kind === 'response-failed') {
    return `request:${message.id}`;
  }
  if (message.kind === 'socket-open' || message.kind === 'socket-opened') return `socket:${message.socketId}`;
  return null;
}

/**
 * One tab's dedicated worker. Until it leads, the tab's traffic goes to the leader. Requests (and
 * socket openings) the leader has not answered yet are kept: when a tab starts leading (this one,
 * or another after the leader's tab died) it says so (`leader-ready`) and every tab sends it its
 * unanswered requests again, so none is lost. Requests carry ids (exactly once, DESIGN.md), so one
 * that had already run on the dead leader is answered from the log, not run again; an answer that
 * arrives twice reaches the tab once. Sockets that were open on the dead leader are closed towards
 * the tab, whose socket layer reconnects to the new one.
 */
export function runTabWorker(options: {
  tab: SimServerPort;
  channel: RelayChannel;
  follower: string;
  leading: Promise<boolean>;
  startServer: () => Promise<SimServer>;
}): void {
  const { tab, channel, follower } = options;
  let leading = false;
  const unanswered = new Map<string, ToSim>();
  /** Sockets the current leader opened for this tab. */
  const opened = new Set<number>();
  const ownListeners: ((event: MessageEvent<ToSim>) => void)[] = [];

  const closeOrphanedSockets = () => {
    for (const socketId of opened) tab.postMessage({ kind: 'socket-closed', socketId });
    opened.clear();
  };

  tab.addEventListener('message', (event) => {
    if (leading) {
      ownListeners.forEach((listener) => listener(event));
      return;
    }
    const key = keyOf(event.data);
    if (key) unanswered.set(key, event.data);
    if (event.data.kind === 'socket-close') opened.delete(event.data.socketId);
    channel.postMessage({ kind: 'to-leader', follower, message: event.data });
  });
  channel.addEventListener('message', (event) => {
    const relayed = event.data;
    if (leading) return;
    if (relayed.kind === 'leader-ready') {
      closeOrphanedSockets();
      for (const message of unanswered.values())
        channel.postMessage({ kind: 'to-leader', follower, message });
      return;
    }
    if (relayed.kind !== 'to-follower' || relayed.follower !== follower) return;
    const message = relayed.message;
    const key = keyOf(message);
    if (key) {
      // Answered already (a request sent again after a leader change was answered twice).
      if (!unanswered.has(key)) return;
      unanswered.delete(key);
    }
    if (message.kind === 'socket-opened') opened.add(message.socketId);
    if (message.kind === 'socket-closed') opened.delete(message.socketId);
    tab.postMessage(message);
  });
  tab.start?.();

  void options.leading.then((isLeader) => {
    if (!isLeader) return;
    leading = true;
    const ready = options.startServer();
    servePort(
      {
        postMessage: (message) => tab.postMessage(message),
        addEventListener: (_type, listener) => ownListeners.push(listener),
      },
      ready,
    );
    serveFollowers(channel, ready);
    closeOrphanedSockets();
    for (const message of unanswered.values())
      ownListeners.forEach((listener) => listener({ data: message } as MessageEvent<ToSim>));
    unanswered.clear();
    channel.postMessage({ kind: 'leader-ready' });
  });
}
