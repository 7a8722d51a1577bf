import type { Aggregate, DomainEvent } from '../../store/aggregate.ts';
import type { ExecuteResult } from '../../store/event-sourced.ts';
import { SerialQueue } from '../../store/serial-queue.ts';

/** The part of EventSourced the accounts feature uses, so it can also run without IndexedDB. */
export interface CommandLog<S, C, E extends DomainEvent> {
  state(): S;
  execute(command: C): Promise<ExecuteResult<E>>;
}

/**
 * Folds commands in memory with the same decide/evolve as the durable log: for Node processes with
 * no IndexedDB (contract tests, scripts). Nothing survives the process, which is all they need.
 */
export class MemoryCommandLog<S, C, E extends DomainEvent> implements CommandLog<S, C, E> {
  private readonly queue = new SerialQueue();
  private current: S;
  private seq = 0;

  constructor(private readonly aggregate: Aggregate<S, C, E>) {
    this.current = aggregate.initial();
  }

  state(): S {
    return this.current;
  }

  execute(command: C): Promise<ExecuteResult<E>> {
    return this.queue.run(async () => {
      const decision = this.aggregate.decide(this.current, command);
      if (!decision.ok) return { ok: false, error: decision.error };
      this.current = decision.events.reduce(
        (state, event) => this.aggregate.evolve(state, event),
        this.current,
      );
      this.seq += decision.events.length;
      return { ok: true, reply: decision.reply, seq: this.seq, events: decision.events };
    });
  }
}
