/** The part of a NATS status (`connection.status()`) the link's state is read from. */
export interface LinkStatusEvent {
  type: string;
}

/**
 * Whether a role's NATS link is up now, as its client reports it: down from a `disconnect` (or a
 * stale connection, which ends in one) until the `reconnect` after it, and for good after `close`.
 * A gateway refuses calls at once while it is down (nothing can reach a core: a call sent then
 * would sit in the client's buffer, which a reconnect discards), holds the calls that were in
 * flight when it dropped until it is back, and answers /healthz 503 meanwhile.
 */
export class NatsLinkState {
  private up = true;
  private closed = false;
  private readonly returns = new Set<() => void>();
  private readonly listeners = new Set<(up: boolean) => void>();

  constructor(statuses: AsyncIterable<LinkStatusEvent>) {
    void (async () => {
      for await (const status of statuses) this.on(status.type);
    })();
  }

  private on(type: string): void {
    if (type === 'disconnect' || type === 'staleConnection' || type === 'close') {
      if (type === 'close') this.closed = true;
      if (!this.up) return;
      this.up = false;
      for (const listener of this.listeners) listener(false);
    } else if (type === 'reconnect' && !this.up && !this.closed) {
      this.up = true;
      for (const back of this.returns) back();
      this.returns.clear();
      for (const listener of this.listeners) listener(true);
    }
  }

  isUp(): boolean {
    return this.up;
  }

  /** True once the link is up again, false if it is not within `ms`. */
  back(ms: number): Promise<boolean> {
    if (this.up) return Promise.resolve(true);
    return new Promise((done) => {
      const back = () => {
        clearTimeout(timer);
        done(true);
      };
      const timer = setTimeout(() => {
        this.returns.delete(back);
        done(false);
      }, ms);
      this.returns.add(back);
    });
  }

  /** Called with false when the link drops and true when it comes back. */
  onChange(listener: (up: boolean) => void): void {
    this.listeners.add(listener);
  }
}
