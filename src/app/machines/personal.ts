import { imageUploadMachine } from '../../machines/image-upload.machine.ts';
import { payMethodMachine } from '../../machines/pay-method.machine.ts';
import { reviewStatusMachine } from '../../machines/review-status.machine.ts';
import { twoFactorEnrolMachine } from '../../machines/two-factor-enrol.machine.ts';
import type { AppActors } from '../../machines/actors/index.ts';
import type { ViewActions } from './view-actions.ts';

/** The personal centre's machines: identity review, collection (pay) methods, an image upload. */
export function personalMachines(actors: AppActors) {
  return {
    reviewStatus: (actions: ViewActions<typeof reviewStatusMachine>) =>
      reviewStatusMachine.provide({ actors: actors.personal.realName, actions }),
    payMethod: (actions: ViewActions<typeof payMethodMachine>) =>
      payMethodMachine.provide({ actors: actors.personal.payMethod, actions }),
    twoFactorEnrol: (actions: ViewActions<typeof twoFactorEnrolMachine>) =>
      twoFactorEnrolMachine.provide({ actors: actors.personal.twoFactor, actions }),
    imageUpload: (actions: ViewActions<typeof imageUploadMachine>) =>
      imageUploadMachine.provide({ actors: actors.personal.imageUpload, actions }),
  };
}
