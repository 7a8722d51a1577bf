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
  | { kind: 'to-follower'; follower: string; message: FromSim };

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
 * One tab's dedicated worker. Until it leads, the tab's traffic goes to the leader; messages the
 * leader has not answered yet are kept, so if this tab becomes the leader (it was the first tab,
 * or the leader's tab closed) they are served here instead of being lost.
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
  const ownListeners: ((event: MessageEvent<ToSim>) => void)[] = [];

  tab.addEventListener('message', (event) => {
    if (leading) {
      ownListeners.forEach((listener) => listener(event));
      return;
    }
    const key = keyOf(event.data);
    if (key) unanswered.set(key, event.data);
    channel.postMessage({ kind: 'to-leader', follower, message: event.data });
  });
  channel.addEventListener('message', (event) => {
    const relayed = event.data;
    if (leading || relayed.kind !== 'to-follower' || relayed.follower !== follower) return;
    const key = keyOf(relayed.message);
    if (key) unanswered.delete(key);
    tab.postMessage(relayed.message);
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
    for (const message of unanswered.values())
      ownListeners.forEach((listener) => listener({ data: message } as MessageEvent<ToSim>));
    unanswered.clear();
  });
}
