import type { WireRequest } from '../api/transport.ts';
import { registerContentRoutes } from './features/content-routes.ts';
import { openFirstStage } from './first-stage.ts';
import { loadServerMessages } from './server-messages.ts';

/**
 * How a fresh profile's exchange answers the reads a prerendered page carries (its news, the same
 * for every visitor in one language): the worker's own first stage (first-stage.ts), in memory,
 * opened at the build's instant, with the content routes its second stage adds (simulator.ts
 * openExchange; they read nothing of the users' features). The build asks it (scripts/prerender/render-pages.ts) for what
 * each page reads while it renders; tests/unit/prerender/opening-answers.test.ts checks the
 * answers are a browser's, fresh or returning.
 */
export async function openingContent(openingAt: number): Promise<(request: WireRequest) => Promise<unknown>> {
  const first = await openFirstStage({
    fresh: true,
    store: null,
    realNow: () => openingAt,
    openingAt,
    messages: loadServerMessages,
  });
  registerContentRoutes(first.stage.routes);
  return (request) => first.stage.server.handle(request);
}
