import type { AnyStateMachine } from 'xstate';

/**
 * The actions of a machine that belong to the screen running it (report a problem beside its field,
 * go to the next page, toast): a view hands them to its feature's provider here in src/app, which
 * adds the actors, so a view never calls `.provide` itself.
 */
export type ViewActions<M extends AnyStateMachine> = NonNullable<Parameters<M['provide']>[0]['actions']>;
