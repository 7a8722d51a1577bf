import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateFeedback } from '../../../src/domain/validation/feedback.ts';
import { EMPTY_FEEDBACK, feedbackForm, type FeedbackValues } from '../../../src/machines/feedback.machine.ts';
import { checkFormStep, fold, formAnswers, formEvents, walk, type FormRules } from './walk-kit.ts';

const machine = feedbackForm.machine;

/** Spec §2 feedback: type, title, content of at least 10 characters; empty again after sending. */
const RULES: FormRules<FeedbackValues> = {
  id: 'feedback',
  initial: EMPTY_FEEDBACK,
  validate: validateFeedback,
  payload: (values) => ({
    type: values.type ?? 0,
    title: values.title.trim(),
    content: values.content.trim(),
  }),
  resetBy: [],
  resetOnSuccess: true,
};

const SETS: Array<Partial<FeedbackValues>> = [
  { type: 1, title: 'Hello', content: 'A complete message.' },
  { type: 2 },
  { title: ' Charts ' },
  { content: 'The chart does not load.' },
  { content: '  short   ' },
  { type: 9 },
  { title: '' },
];

describe('feedback form: transition walk', () => {
  it('reaches both states; a success empties the form, a failure keeps what was typed', () => {
    const result = walk(machine, {
      input: { values: EMPTY_FEEDBACK },
      events: [
        ...SETS.slice(1, 5).map((values) => ({ type: 'SET' as const, values })),
        { type: 'SUBMIT' },
        ...formAnswers('feedback'),
      ],
    });
    expect(result.unsupplied).toEqual([]);
    expect(result.reached).toEqual(new Set(['editing', 'submitting']));
    for (const path of result.paths) {
      const last = path.steps.at(-1);
      if (!last || !path.state.matches('editing')) continue;
      const type: string = last.event.type;
      if (type === 'xstate.done.actor.0.feedback.submitting') {
        expect(path.state.context.values).toEqual(EMPTY_FEEDBACK);
      }
      if (type === 'xstate.error.actor.0.feedback.submitting') {
        expect(path.state.context.values.content).toBe('The chart does not load.');
      }
    }
    // Content padded to ten characters with spaces is still too short (trimmed first, spec §5).
    expect(result.paths.map((path) => path.state.context.problem)).toContainEqual({
      field: 'content',
      code: 'shortContent',
    });
  });

  it('property: every step follows the form rules (and a success starts over)', () => {
    fc.assert(
      fc.property(formEvents<FeedbackValues>('feedback', fc.constantFrom(...SETS)), (events) => {
        const { steps } = fold(machine, { values: EMPTY_FEEDBACK }, events);
        for (const step of steps) checkFormStep(RULES, step);
      }),
      { numRuns: 300 },
    );
  });
});
