export type { Aggregate, Decision, DomainEvent } from './aggregate.ts';
export {
  StoreDatabase,
  type EventRow,
  type SettingRow,
  type SettingValue,
  type SnapshotRow,
  type StoreDatabaseOptions,
} from './database.ts';
export {
  EventSourced,
  type CommandRequest,
  type EventSourcedOptions,
  type ExecuteResult,
} from './event-sourced.ts';
export {
  EventStore,
  type EventStoreOptions,
  type NewEvent,
  type RequestAnswer,
  type StreamHistory,
} from './event-store.ts';
export { SerialQueue } from './serial-queue.ts';
export { deserialize, serialize } from './serialization.ts';
