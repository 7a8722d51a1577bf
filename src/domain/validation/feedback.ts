import { firstProblem, type Problem } from './problem.ts';
import { charCount, clean, collapseSpaces } from './text.ts';

/** Feedback types offered by the form (the spec names the field, not its values). */
export const FEEDBACK_TYPES = [1, 2, 3, 4] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const FEEDBACK_TITLE_MAX = 100;
/** Spec §9: feedback content of at least 10 characters, counted on the trimmed, collapsed text. */
export const FEEDBACK_CONTENT_MIN = 10;
export const FEEDBACK_CONTENT_MAX = 2000;

export interface FeedbackInput {
  type: number | null;
  title: string;
  content: string;
}

export type FeedbackField = 'type' | 'title' | 'content';

export function isFeedbackType(value: unknown): value is FeedbackType {
  return (FEEDBACK_TYPES as readonly unknown[]).includes(value);
}

export function validateFeedback(input: FeedbackInput): Problem<FeedbackField> | null {
  const title = charCount(clean(input.title));
  // White space does not make a message longer: runs of it count as one character.
  const content = charCount(collapseSpaces(input.content));
  return firstProblem<FeedbackField>([
    ['type', isFeedbackType(input.type) ? null : 'emptyType'],
    ['title', title === 0 ? 'emptyTitle' : title > FEEDBACK_TITLE_MAX ? 'longTitle' : null],
    [
      'content',
      content < FEEDBACK_CONTENT_MIN ? 'shortContent' : content > FEEDBACK_CONTENT_MAX ? 'longContent' : null,
    ],
  ]);
}
