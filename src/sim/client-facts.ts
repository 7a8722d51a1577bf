/**
 * What the server knows of the device a call came from: its user-agent text and its network
 * address. The sessions list (issue 34) shows them, so a user can tell their own sign-ins from a
 * stranger's. Both are the client's claims (a user agent can say anything): shown, never trusted.
 */
export interface ClientFacts {
  agent: string;
  /** The peer's IP address ('' in the browser's own simulator, which has no network). */
  address: string;
}

const AGENT_MAX = 256;
const ADDRESS_MAX = 64;

/** The facts capped in length, so a huge header never reaches the log. */
export function clientFacts(agent: string, address: string): ClientFacts {
  return { agent: agent.slice(0, AGENT_MAX), address: address.slice(0, ADDRESS_MAX) };
}

export const NO_CLIENT_FACTS: ClientFacts = { agent: '', address: '' };
