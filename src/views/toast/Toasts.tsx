import { useEffect, useState } from 'react';
import { useServices } from '../services-context.ts';
import type { Toast } from './toast-store.ts';
import './toasts.css';

export function Toasts() {
  const { toasts } = useServices();
  const [items, setItems] = useState<readonly Toast[]>(toasts.toasts$.value);
  useEffect(() => {
    const subscription = toasts.toasts$.subscribe(setItems);
    return () => subscription.unsubscribe();
  }, [toasts]);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {items.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.tone}`} data-testid="toast">
          {toast.text}
        </div>
      ))}
    </div>
  );
}
