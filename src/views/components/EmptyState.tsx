import type { ReactNode } from 'react';
import './components.css';

/** A calm placeholder for a block with nothing to show (yet). */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state" role="status">
      <svg
        aria-hidden="true"
        width="40"
        height="40"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.4"
      >
        <path d="M3 17l5-5 4 4 8-8" />
        <path d="M15 8h5v5" />
      </svg>
      <p className="empty-title">{title}</p>
      {children}
    </div>
  );
}
