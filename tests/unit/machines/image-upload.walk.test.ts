import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMAGE_MAX_BYTES } from '../../../src/domain/validation/image.ts';
import { imageUploadMachine } from '../../../src/machines/image-upload.machine.ts';
import { called, declaredStates, fold, spawned, walk, type InternalEvent } from './walk-kit.ts';

/** A picked file as the machine sees it (type and size only: nothing is read before the upload). */
function file(name: string, type: string, size: number): File {
  return { name, type, size } as File;
}

const GOOD = file('id.png', 'image/png', 1024);
const LARGEST = file('big.jpg', 'image/jpeg', IMAGE_MAX_BYTES);
const FILES = [
  GOOD,
  LARGEST,
  file('photo.webp', 'image/webp', 1),
  file('x.svg', 'image/svg+xml', 100),
  file('empty.png', 'image/png', 0),
  file('huge.jpg', 'image/jpeg', IMAGE_MAX_BYTES + 1),
  file('clip.mp4', 'video/mp4', 100),
];
/** Upload uploads: the rule of the spec's upload control, written out (raster types, 1 B to 5 MB). */
const expectedProblem = (picked: File) =>
  !['image/png', 'image/jpeg', 'image/webp', 'image/gif'].includes(picked.type)
    ? 'imageType'
    : picked.size < 1 || picked.size > 5 * 1024 * 1024
      ? 'imageSize'
      : null;

const DONE = 'xstate.done.actor.0.imageUpload.uploading';
const ERROR = 'xstate.error.actor.0.imageUpload.uploading';

describe('image upload machine: transition walk', () => {
  it('reaches idle and uploading; only an acceptable file is ever uploading', () => {
    const result = walk(imageUploadMachine, {
      input: {},
      events: [
        ...FILES.map((picked) => ({ type: 'PICK' as const, file: picked })),
        { type: 'SET_URL', url: 'blob:saved' },
        { type: DONE, output: { url: 'blob:new' } },
        { type: ERROR, error: new Error('server error') },
      ],
    });
    expect(result.unsupplied).toEqual([]);
    expect(result.reached).toEqual(new Set(declaredStates(imageUploadMachine)));
    expect(result.reached).toEqual(new Set(['idle', 'uploading']));
    const uploading = result.paths.filter((path) => path.state.matches('uploading'));
    expect(uploading.length).toBeGreaterThan(0);
    for (const path of uploading) {
      const picked = path.state.context.file;
      expect(picked && expectedProblem(picked)).toBeNull();
    }
    expect(result.route((snapshot) => snapshot.context.url === 'blob:new')).toEqual([
      'xstate.init',
      'PICK',
      DONE,
    ]);
  });

  it('property: one upload at a time; bad files are reported, never sent; the URL is the last good answer', () => {
    let uploads = 0;
    const event = fc.oneof(
      fc.constantFrom(...FILES).map((picked) => ({ type: 'PICK' as const, file: picked })),
      fc.constantFrom('', 'blob:loaded').map((url) => ({ type: 'SET_URL' as const, url })),
      fc.constant(() => ({ type: DONE, output: { url: `blob:${++uploads}` } }) satisfies InternalEvent),
      fc.constant({ type: ERROR, error: new Error('offline') } satisfies InternalEvent),
    );
    fc.assert(
      fc.property(
        fc.option(fc.constant('blob:start'), { nil: undefined }),
        fc.array(event, { maxLength: 30 }),
        (url, events) => {
          const { initial, steps } = fold(imageUploadMachine, url === undefined ? {} : { url }, events);
          expect(initial.context).toEqual({ url: url ?? '', file: null });
          for (const { before, after, event: sent, effects } of steps) {
            const where = `${String(before.value)} + ${JSON.stringify(sent)}`;
            // A file is held exactly while it uploads.
            expect(after.context.file !== null, where).toBe(after.value === 'uploading');
            if (before.value === 'uploading' && (sent.type === 'PICK' || sent.type === 'SET_URL')) {
              expect(after, where).toBe(before);
              expect(effects, where).toEqual([]);
              continue;
            }
            if (sent.type === 'PICK') {
              const problem = expectedProblem(sent.file);
              if (problem) {
                expect(after.value, where).toBe('idle');
                expect(called(effects, 'reportProblem'), where).toEqual([
                  { problem: { field: 'file', code: problem } },
                ]);
                expect(spawned(effects), where).toEqual([]);
              } else {
                expect(after.value, where).toBe('uploading');
                expect(spawned(effects), where).toEqual([{ src: 'upload', input: { file: sent.file } }]);
                expect(called(effects, 'reportProblem'), where).toEqual([]);
              }
              expect(after.context.url, where).toBe(before.context.url);
            }
            if (sent.type === 'SET_URL') expect(after.context.url, where).toBe(sent.url);
            if (sent.type === DONE) {
              const answered = (sent as InternalEvent).output as { url: string };
              expect(after.context.url, where).toBe(answered.url);
              expect(called(effects, 'uploaded'), where).toEqual([{ url: answered.url }]);
            } else {
              expect(called(effects, 'uploaded'), where).toEqual([]);
            }
            if (sent.type === ERROR) expect(after.context.url, where).toBe(before.context.url);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
