import type { Aggregate, DomainEvent } from '../../store/aggregate.ts';
import type { CommandRequest, ExecuteResult } from '../../store/event-sourced.ts';
import { SerialQueue } from '../../store/serial-queue.ts';

/** The part of EventSourced the features use, so they can also run without a durable store. */
export interface CommandLog<S, C, E extends DomainEvent> {
  state(): S;
  /** With `request`, its answer is stored in the same commit as the command's events. */
  execute(command: C, request?: CommandRequest<S>): Promise<ExecuteResult<E>>;
}

/**
 * Folds commands in memory with the same decide/evolve as the durable log: for Node processes with
 * no IndexedDB (contract tests, scripts). Nothing survives the process, which is all they need, so
 * a request's answer is kept by the server's in-memory request log instead (request-log.ts).
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
