import { errorEnvelope, type Envelope } from '../api/envelope.ts';
import type { WireRequest } from '../api/transport.ts';
import type { Clock } from './clock.ts';
import type { Routes } from './routes.ts';
import { admit, isEnvelope, requestHeaders } from './strict-input.ts';
import type { SocketHub, SocketSession } from './socket-hub.ts';

export type MessageTable = Record<string, string>;

export interface SimServerDeps {
  routes: Routes;
  hub: SocketHub;
  clock: Clock;
  /** Server messages by spec language code; English is the fallback. */
  messages: (lang: string) => Promise<MessageTable>;
}

export interface SimServer {
  handle(request: WireRequest): Promise<Envelope>;
  openSocket(send: (text: string) => void): SocketSession;
}

function interpolate(template: string, vars: Record<string, string | number> = {}): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in vars ? String(vars[name]) : whole,
  );
}

/**
 * Serves the contract: finds the call in the catalogue, checks the method and the payload against
 * the same schema the client uses, and hands the checked payload to the route. A catalogued call
 * whose feature has not landed answers code 0 "not available yet"; a throwing route answers code 0
 * too, never a hung request.
 */
export function createSimServer(deps: SimServerDeps): SimServer {
  async function translator(lang: string) {
    const [own, english] = await Promise.all([deps.messages(lang), deps.messages('en')]);
    return (key: string, vars?: Record<string, string | number>) =>
      interpolate(own[key] ?? english[key] ?? key, vars);
  }

  return {
    async handle(request) {
      // Headers, call, method and payload are checked strictly first (strict-input.ts).
      const headers = requestHeaders(request);
      const t = await translator(headers.lang);
      const admitted = admit(request, t);
      if (isEnvelope(admitted)) return admitted;
      const { spec } = admitted;
      const handler = deps.routes.get(spec.path);
      if (!handler) return errorEnvelope(t('notAvailable'));
      try {
        return await handler(admitted.payload, {
          now: deps.clock.now(),
          lang: headers.lang,
          token: headers.authorization,
          t,
        });
      } catch (error) {
        console.error(`sim: ${spec.path} failed`, error);
        return errorEnvelope(t('internal'));
      }
    },
    openSocket(send) {
      return deps.hub.open(send);
    },
  };
}
