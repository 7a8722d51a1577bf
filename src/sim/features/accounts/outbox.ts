import type { Channel, CodePurpose } from './state.ts';

/**
 * The demo outbox: where the simulator "sends" SMS and e-mail, since nothing is really sent. It
 * stands for the user's phone and mailbox, which are outside the exchange, so it is not part of the
 * exchange's event log: messages live in memory for as long as the worker does.
 *
 * Messages are filed under the outbox key the sending tab chose (a random secret kept in memory by
 * that tab), so a tab sees only the codes it asked for, and nobody can read another visitor's codes
 * without their key. The tab polls notify/outbox with its key.
 */
export interface OutboxMessage {
  id: number;
  channel: Channel;
  /** The address as the user would recognise it: "+81 9012345678" or an e-mail address. */
  to: string;
  purpose: CodePurpose;
  /**
   * "code": a verification code; "no_account": nobody is registered at this address;
   * "address_added": a withdrawal address was bound to the account (issue 34; `code` is '').
   */
  kind: 'code' | 'no_account' | 'address_added';
  code: string;
  at: number;
  /**
   * The recipient's anti-phishing code, printed in the message so they can tell it is ours ('' when
   * they set none, or no account uses the address).
   */
  anti_phishing: string;
}

const KEPT_PER_BOX = 30;
const MAX_BOXES = 500;

/** Outbox keys are 128-bit random hex chosen by the client (see outbox-key.ts on the client). */
export function isOutboxKey(key: unknown): key is string {
  return typeof key === 'string' && /^[0-9a-f]{32,64}$/.test(key);
}

/**
 * Where verification codes go out. In the browser: the demo outbox, under the key of the tab that
 * asked (no key, no delivery). The Node server has its own (SMTP, or the operator's log).
 */
export interface CodeCourier {
  /** `key`: the outbox key the asking client sent, if any; `message.to` is the code's address. */
  deliver(key: string | undefined, message: Omit<OutboxMessage, 'id'>): void;
}

/** The browser's courier: files each message in the asking tab's demo outbox. */
export function outboxCourier(outbox: Outbox): CodeCourier {
  return {
    deliver(key, message) {
      if (isOutboxKey(key)) outbox.deliver(key, message);
    },
  };
}

export class Outbox {
  private readonly boxes = new Map<string, OutboxMessage[]>();
  private nextId = 1;

  deliver(key: string, message: Omit<OutboxMessage, 'id'>): void {
    const box = this.boxes.get(key) ?? [];
    this.boxes.delete(key);
    // Re-inserting keeps the Map in least-recently-used order, so the oldest box goes first.
    this.boxes.set(key, [...box, { ...message, id: this.nextId++ }].slice(-KEPT_PER_BOX));
    if (this.boxes.size > MAX_BOXES) {
      const oldest = this.boxes.keys().next().value;
      if (oldest !== undefined) this.boxes.delete(oldest);
    }
  }

  /** Messages with an id above `after`, oldest first. */
  read(key: string, after: number): OutboxMessage[] {
    return (this.boxes.get(key) ?? []).filter((message) => message.id > after);
  }
}
