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

/** Short messages at the top of the screen; the newest few, each gone after a few seconds. */
export class ToastStore {
  readonly toasts$ = new BehaviorSubject<readonly Toast[]>([]);
  private nextId = 1;

  show(tone: ToastTone, text: string): void {
    if (!text) return;
    // The same message twice in a row (several calls failing at once) is shown once.
    if (this.toasts$.value.some((toast) => toast.text === text && toast.tone === tone)) return;
    const toast = { id: this.nextId++, tone, text };
    this.toasts$.next([...this.toasts$.value, toast].slice(-MAX_TOASTS));
    setTimeout(() => this.dismiss(toast.id), TOAST_LIFETIME_MS);
  }

  dismiss(id: number): void {
    this.toasts$.next(this.toasts$.value.filter((toast) => toast.id !== id));
  }
}
