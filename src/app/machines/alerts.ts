import type { AppActors } from '../../machines/actors/index.ts';
import { noticeCentreMachine } from '../../machines/notice-centre.machine.ts';
import { writeNoticePrefs, writeNotices } from '../../machines/notice-store.ts';
import { priceAlertsMachine } from '../../machines/price-alerts.machine.ts';
import type { ViewActions } from './view-actions.ts';

/** Price alerts and the notification centre. */
export function alertMachines(actors: AppActors) {
  const { list, add, remove, fired, notices } = actors.alerts;
  return {
    priceAlerts: priceAlertsMachine.provide({ actors: { list, add, remove, fired } }),
    /** The centre, with the screen's way of announcing a notice. */
    noticeCentre: (actions: Pick<ViewActions<typeof noticeCentreMachine>, 'announce'>) =>
      noticeCentreMachine.provide({
        actors: { sources: notices },
        actions: {
          ...actions,
          persist: (_, { userId, notices: kept, prefs }) => {
            writeNotices(userId, kept);
            writeNoticePrefs(prefs);
          },
        },
      }),
  };
}
