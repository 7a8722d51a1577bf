import { validateFeedback, type FeedbackField } from '../domain/validation/feedback.ts';
import { clean } from '../domain/validation/text.ts';
import { createForm } from './form.machine.ts';

export type FeedbackValues = { type: number | null; title: string; content: string };

export const EMPTY_FEEDBACK: FeedbackValues = { type: null, title: '', content: '' };

/** Feedback (spec §2): type, title, content of at least 10 characters; empty again after sending. */
export const feedbackForm = createForm<FeedbackValues, FeedbackField, 'feedback/submit'>({
  id: 'feedback',
  call: 'feedback/submit',
  validate: (values) => validateFeedback(values),
  payload: (values) => ({
    type: values.type ?? 0,
    title: clean(values.title),
    content: clean(values.content),
  }),
  resetOnSuccess: true,
});
