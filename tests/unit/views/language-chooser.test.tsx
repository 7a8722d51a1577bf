// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/domain/languages.ts';
import { LanguageChooser } from '../../../src/views/shell/LanguageChooser.tsx';
import { i18n } from './harness.tsx';

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const OFFERED = LANGUAGES.filter((language) => language.offered);

function renderChooser() {
  render(
    <I18nextProvider i18n={i18n}>
      <LanguageChooser />
    </I18nextProvider>,
  );
  const select = screen.getByTestId('language-chooser') as HTMLSelectElement;
  const labels = () => [...select.options].map((option) => option.textContent);
  return { select, labels };
}

describe('the language chooser (issue 19: other scripts load their fonts only when it is opened)', () => {
  it('holds every offered language from the start, leaving only the names of other scripts unwritten', () => {
    localStorage.setItem('lang', 'ru');
    const { select, labels } = renderChooser();
    expect([...select.options].map((option) => option.value)).toEqual(OFFERED.map((l) => l.code));
    expect(select.value).toBe('ru');
    const unwritten = ['hk', 'jp', 'kr', 'th'];
    expect(labels()).toEqual(OFFERED.map((l) => (unwritten.includes(l.code) ? '' : l.nativeName)));
  });

  it('writes the current language whatever its script', () => {
    localStorage.setItem('lang', 'th');
    const { select, labels } = renderChooser();
    expect(select.value).toBe('th');
    expect(labels()[OFFERED.findIndex((l) => l.code === 'th')]).toBe('ไทย');
    expect(labels()[OFFERED.findIndex((l) => l.code === 'jp')]).toBe('');
  });

  for (const [how, open] of [
    ['focused', (select: HTMLSelectElement) => fireEvent.focus(select)],
    ['pressed', (select: HTMLSelectElement) => fireEvent.pointerDown(select)],
    ['touched', (select: HTMLSelectElement) => fireEvent.touchStart(select)],
    ['keyed', (select: HTMLSelectElement) => fireEvent.keyDown(select, { key: 'ArrowDown' })],
  ] as const) {
    it(`names every option in its own language, with its language tag, once ${how}`, () => {
      const { select, labels } = renderChooser();
      open(select);
      // Named in the same event (before the browser opens the list), not on a later render.
      expect(labels()).toEqual(OFFERED.map((l) => l.nativeName));
      expect([...select.options].map((option) => option.lang)).toEqual(OFFERED.map((l) => l.tag));
      expect(select.value).toBe('en');
    });
  }
});
