import type { NatsConnection } from '@nats-io/transport-node';
import { errorFields, type JsonLog } from './json-log.ts';

/**
 * A role's connection to NATS (`--role gateway|core`). The client is loaded here, not at the top
 * of the server's modules: it is an optional package that `--role all` never needs. It reconnects
 * for ever (a NATS restart is an outage, not the end of the process) and logs every change.
 */
export async function connectNats(url: string, name: string, log: JsonLog): Promise<NatsConnection> {
  const { connect } = await import('@nats-io/transport-node');
  const connection = await connect({
    servers: url,
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    // A dead link is noticed within about 3 s, not the client's default 4 minutes.
    pingInterval: 1_000,
    maxPingOut: 3,
  });
  void (async () => {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect' || status.type === 'reconnect')
        log.warn(`nats_${status.type}`, { url });
      else if (status.type === 'error') log.error('nats_error', errorFields(status.error));
    }
  })();
  return connection;
}

/** Payloads are JSON texts. */
export function jsonOf<T>(data: Uint8Array): T {
  return JSON.parse(Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8')) as T;
}
