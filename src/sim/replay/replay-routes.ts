import { errorEnvelope, okEnvelope, type Envelope } from '../../api/envelope.ts';
import type { CallContext, Routes } from '../routes.ts';
import { ReplayRefusal, type ReplayControl } from './replay-control.ts';

/**
 * The replay's calls (simulator only, beside sim/speed): sim/replay reads the market source and the
 * time control, sim/replay_source chooses the live generator (with a seed) or a feed,
 * sim/replay_file stores and chooses a dropped feed file, sim/replay_control plays, pauses, steps
 * and seeks. Every answer is the state after the change. Without a replay (a fixed test clock) the
 * calls answer "cannot be changed here".
 */
export function registerReplayRoutes(routes: Routes, replay: ReplayControl | undefined): void {
  const run = async (
    ctx: CallContext,
    change: (control: ReplayControl) => Promise<void>,
  ): Promise<Envelope> => {
    if (!replay) return errorEnvelope(ctx.t('speedFixed'));
    try {
      await change(replay);
    } catch (error) {
      if (error instanceof ReplayRefusal) return errorEnvelope(ctx.t(error.key));
      throw error;
    }
    return okEnvelope(await replay.state());
  };
  routes
    .add('sim/replay', (_, ctx) => run(ctx, async () => undefined))
    .add('sim/replay_source', (payload, ctx) =>
      run(ctx, (control) =>
        payload.source === 'live' ? control.chooseLive(payload.seed) : control.chooseFeed(payload.feed),
      ),
    )
    .add('sim/replay_file', (payload, ctx) =>
      run(ctx, (control) => control.chooseFile(payload.name, payload.data)),
    )
    .add('sim/replay_control', (payload, ctx) =>
      run(ctx, (control) => {
        switch (payload.action) {
          case 'play':
            return control.play();
          case 'pause':
            return control.pause();
          case 'step':
            return control.step(payload.ms ?? undefined);
          case 'seek':
            return control.seek(payload.ms);
          default:
            return Promise.reject(new ReplayRefusal('replayBadAction'));
        }
      }),
    );
}
