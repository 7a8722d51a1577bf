import { BehaviorSubject } from 'rxjs';

export type ToastTone = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  tone: ToastTone;
  /** Already translated text. */
  text: string;
}

const TOAST_LIFETIME_MS = 3500;
const MAX_TOASTS = 4;

/**
 * Short messages at the top of the screen; the newest few, each gone after a few seconds.
 *
 * One error at a time: an error says what just went wrong (a form refused, a call failed), so
 * anything said after it makes it stale, and it goes. A second error replaces the first rather than
 * stacking over the page, and the same error again starts its few seconds afresh. Successes and
 * notices stack (the same one twice is shown once).
 */
export class ToastStore {
  readonly toasts$ = new BehaviorSubject<readonly Toast[]>([]);
  private nextId = 1;

  show(tone: ToastTone, text: string): void {
    if (!text) return;
    const current = this.toasts$.value;
    const kept = current.filter((each) => each.tone !== 'error');
    if (tone !== 'error' && kept.some((each) => each.text === text && each.tone === tone)) {
      if (kept.length !== current.length) this.toasts$.next(kept);
      return;
    }
    const toast = { id: this.nextId++, tone, text };
    this.toasts$.next([...kept, toast].slice(-MAX_TOASTS));
    setTimeout(() => this.dismiss(toast.id), TOAST_LIFETIME_MS);
  }

  dismiss(id: number): void {
    this.toasts$.next(this.toasts$.value.filter((toast) => toast.id !== id));
  }
}
