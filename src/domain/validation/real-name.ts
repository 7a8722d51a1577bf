import { firstProblem, type Problem } from './problem.ts';
import { charCount, clean } from './text.ts';

export interface RealNameInput {
  name: string;
  cardId: string;
  frontPic: string;
  backPic: string;
}

export type RealNameField = 'name' | 'cardId' | 'frontPic' | 'backPic';

export const NAME_MAX = 50;

/** Identity numbers differ by country; letters, digits and single hyphens, 4 to 32 of them. */
export function isCardId(value: string): boolean {
  return /^[A-Za-z0-9](?:-?[A-Za-z0-9]){3,31}$/.test(clean(value));
}

/** Spec §5 Real-name: name, ID number, front and back photos all required. */
export function validateRealName(input: RealNameInput): Problem<RealNameField> | null {
  const name = clean(input.name);
  const cardId = clean(input.cardId);
  return firstProblem<RealNameField>([
    ['name', name === '' ? 'emptyName' : charCount(name) > NAME_MAX ? 'badName' : null],
    ['cardId', cardId === '' ? 'emptyCardId' : isCardId(cardId) ? null : 'badCardId'],
    ['frontPic', clean(input.frontPic) === '' ? 'emptyFront' : null],
    ['backPic', clean(input.backPic) === '' ? 'emptyBack' : null],
  ]);
}
