import { type RefCallback, useCallback, useState } from 'react';

/**
 * A field of a prerendered page takes typing before the app has taken the page over (DESIGN.md
 * "First paint"); what was typed must not be lost when it does (issue 27). Returns the field's
 * state, its setter, and the ref to put on the field:
 * - hydrated in place, the field is the same element, and React leaves its value alone while it
 *   hydrates, but the state still says '' and the next render would write that over it: the ref,
 *   called with the element as the hydration commits, reads its value into the state;
 * - rendered over (a held page, app/first-paint.ts), the prerendered field goes at the app's first
 *   commit: the state starts from what was typed into it (keepTypedInHeldPage).
 * `limit` (a stable function) cuts the text as the field's own input handler does. Pages opened
 * later start empty.
 */
export function useTypedBeforeApp(
  testId: string,
  limit: (typed: string) => string,
): [string, (value: string) => void, RefCallback<HTMLInputElement>] {
  const [value, setValue] = useState(() => limit(typedBeforeAppDrew(testId)));
  const field = useCallback(
    (element: HTMLInputElement | null) => {
      const typed = element?.value ?? '';
      if (typed !== '') setValue((current) => (current === typed ? current : limit(typed)));
    },
    [limit],
  );
  return [value, setValue, field];
}

/** What was typed into the fields of a held prerendered page, by their test ids. */
const typedInHeldPage = new Map<string, string>();

/** Whether the page on screen is still a held prerendered one (app/first-paint.ts). */
function held(): boolean {
  const paint = document.documentElement.dataset.firstPaint;
  return paint === 'held' || paint === 'held-text';
}

/**
 * Called by the app (boot-app.tsx) before it draws over a held prerendered page, whose fields go
 * at its first commit: that commit may be the shell with its page still loading, before the page
 * that reads the field has rendered. What is typed into them until the first page has mounted is
 * kept here for it.
 */
export function keepTypedInHeldPage(root: HTMLElement): void {
  const read = () => {
    if (!held()) return;
    for (const field of root.querySelectorAll<HTMLInputElement>('input[data-testid]'))
      if (field.dataset.testid) typedInHeldPage.set(field.dataset.testid, field.value);
  };
  read();
  root.addEventListener('input', read);
}

/** What was typed into the field of a held page, or ''. */
function typedBeforeAppDrew(testId: string): string {
  return typeof document !== 'undefined' && held() ? (typedInHeldPage.get(testId) ?? '') : '';
}
