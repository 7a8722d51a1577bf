import { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';
import type { FromGateway, FrameRun, ToGateway } from './gateway-protocol.ts';
import { textFrame } from './websocket-text-frame.ts';
import { MAX_SOCKET_BUFFER, MAX_SOCKET_FRAME, rawText, SOCKET_HEARTBEAT_MS } from './socket-limits.ts';
import { isPing, PONG_FRAME } from '../socket-hub.ts';

/**
 * The socket gateway process (started by socket-gateway.ts): the WebSocket side of `npm run server`
 * on the machine's other core. Writing a market frame to every one of thousands of sockets is the
 * server's largest cost (a system call per socket per tick, which on loopback also does the reader's
 * work), and it needs nothing of the exchange's state, so it runs here while the exchange process
 * matches orders. The exchange hands over each accepted upgrade's TCP socket and then sends frames
 * as texts with the socket numbers they go to; what the sockets say goes back to it as it came.
 */

/** The answer to every ping, framed once. */
const PONG = textFrame(PONG_FRAME);

/** How long a shutdown waits for clients to answer the close frame before cutting them off. */
const CLOSE_GRACE_MS = 2_000;

interface Connection {
  socket: Socket;
  /** Set once the handshake is done. */
  ws: WebSocket | null;
  alive: boolean;
}

const connections = new Map<number, Connection>();
const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_SOCKET_FRAME, clientTracking: false });
/** The sockets a `closeAll` is still waiting for (sockets opened after it are not among them). */
let closing: { ids: Set<number>; timer: NodeJS.Timeout } | null = null;

function tell(message: FromGateway): void {
  if (process.connected) process.send?.(message);
}

function forget(id: number, tooSlow: boolean): void {
  if (!connections.delete(id)) return;
  tell({ type: 'closed', id, tooSlow });
  if (closing?.ids.delete(id) && closing.ids.size === 0) allClosed();
}

function adopt(message: Extract<ToGateway, { type: 'adopt' }>, socket: Socket): void {
  const { id } = message;
  const connection: Connection = { socket, ws: null, alive: true };
  connections.set(id, connection);
  socket.on('error', () => socket.destroy());
  socket.once('close', () => forget(id, false));
  // ws reads only the request's method, URL and headers: the exchange checked the rest.
  const request = new IncomingMessage(socket);
  request.method = message.method;
  request.url = message.url;
  request.headers = message.headers;
  sockets.handleUpgrade(request, socket, Buffer.from(message.head), (ws) => {
    connection.ws = ws;
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const text = rawText(data);
      // A ping is answered here, at once, not after the exchange's event loop has come to it: the
      // pong tells the socket is alive, nothing of the exchange. The exchange still hears the ping
      // (it checks the session's expiry on it) and its own pong is not sent (socket-gateway.ts).
      if (isPing(text)) socket.write(PONG);
      tell({ type: 'message', id, text });
    });
    ws.on('pong', () => (connection.alive = true));
    ws.on('error', () => ws.terminate());
    ws.on('close', () => forget(id, false));
    tell({ type: 'opened', id });
  });
}

/**
 * Sends each run's text to its sockets: framed once per run and written to each TCP socket as it
 * is, every socket's writes of one message corked into one system call. Writing past ws is safe
 * here: without compression ws itself writes every frame at once, whole, on this same thread.
 */
function send(runs: readonly FrameRun[]): void {
  const corked = new Set<Socket>();
  for (const [text, ids] of runs) {
    const frame = textFrame(text);
    for (const id of ids) {
      const connection = connections.get(id);
      const ws = connection?.ws;
      if (!connection || !ws || ws.readyState !== WebSocket.OPEN) continue;
      if (ws.bufferedAmount > MAX_SOCKET_BUFFER) {
        forget(id, true);
        ws.terminate();
        continue;
      }
      if (!corked.has(connection.socket)) {
        connection.socket.cork();
        corked.add(connection.socket);
      }
      connection.socket.write(frame);
    }
  }
  for (const socket of corked) socket.uncork();
}

function closeAll(code: number, reason: string): void {
  if (closing) return;
  closing = { ids: new Set(connections.keys()), timer: setTimeout(cutOffTheRest, CLOSE_GRACE_MS) };
  if (closing.ids.size === 0) return allClosed();
  for (const id of closing.ids) {
    const connection = connections.get(id)!;
    if (connection.ws) connection.ws.close(code, reason);
    else connection.socket.destroy();
  }
}

function cutOffTheRest(): void {
  for (const id of closing?.ids ?? []) {
    const connection = connections.get(id);
    if (connection?.ws) connection.ws.terminate();
    else connection?.socket.destroy();
    forget(id, false);
  }
  allClosed();
}

function allClosed(): void {
  if (!closing) return;
  clearTimeout(closing.timer);
  closing = null;
  tell({ type: 'allClosed' });
}

// A socket that answered no ping since the last beat is dead.
setInterval(() => {
  for (const connection of connections.values()) {
    const ws = connection.ws;
    if (!ws) continue;
    if (!connection.alive) {
      ws.terminate();
      continue;
    }
    connection.alive = false;
    ws.ping();
  }
}, SOCKET_HEARTBEAT_MS).unref();

process.on('message', (message: ToGateway, handle: unknown) => {
  switch (message.type) {
    case 'adopt':
      adopt(message, handle as Socket);
      break;
    case 'frames':
      send(message.runs);
      break;
    case 'closeAll':
      closeAll(message.code, message.reason);
      break;
  }
});
// The exchange process is gone (stopped, or killed): its sockets go with it.
process.on('disconnect', () => process.exit(0));
tell({ type: 'ready' });
