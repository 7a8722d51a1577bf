import { assign, fromPromise, setup } from 'xstate';
import { imageProblem } from '../domain/validation/image.ts';
import type { Problem } from '../domain/validation/problem.ts';

export interface ImageUploadContext {
  /** The uploaded image's URL ('' before one is uploaded). */
  url: string;
  file: File | null;
}

export type ImageUploadEvent = { type: 'PICK'; file: File } | { type: 'SET_URL'; url: string };

/**
 * One image picker (ID photos, QR codes): PICK checks the file's type and size with the domain rule
 * before anything is sent, then uploads it (common/image_upload). The server checks the bytes again.
 */
export const imageUploadMachine = setup({
  types: {
    context: {} as ImageUploadContext,
    events: {} as ImageUploadEvent,
    input: {} as { url?: string },
  },
  actors: {
    upload: fromPromise<{ url: string }, { file: File }>(async () => {
      throw new Error('upload actor not provided');
    }),
  },
  actions: {
    reportProblem: (_, _params: { problem: Problem }) => {},
    uploaded: (_, _params: { url: string }) => {},
  },
  guards: {
    badFile: ({ event }) => event.type === 'PICK' && imageProblem(event.file.type, event.file.size) !== null,
  },
}).createMachine({
  id: 'imageUpload',
  context: ({ input }) => ({ url: input.url ?? '', file: null }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        PICK: [
          {
            guard: 'badFile',
            actions: {
              type: 'reportProblem',
              params: ({ event }) => ({
                problem: {
                  field: 'file',
                  code: imageProblem(event.file.type, event.file.size) ?? 'imageType',
                },
              }),
            },
          },
          { target: 'uploading', actions: assign({ file: ({ event }) => event.file }) },
        ],
        // The form was loaded or reset: show what it holds now.
        SET_URL: { actions: assign({ url: ({ event }) => event.url }) },
      },
    },
    uploading: {
      invoke: {
        src: 'upload',
        input: ({ context }) => ({ file: context.file as File }),
        onDone: {
          target: 'idle',
          actions: [
            assign({ url: ({ event }) => event.output.url, file: null }),
            { type: 'uploaded', params: ({ event }) => ({ url: event.output.url }) },
          ],
        },
        onError: { target: 'idle', actions: assign({ file: null }) },
      },
    },
  },
});
