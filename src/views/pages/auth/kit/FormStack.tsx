import type { ReactNode } from 'react';

/** The forms' <form>: fields stacked, the browser's own checks off, Enter or the button submits. */
export function FormStack({ onSubmit, children }: { onSubmit: () => void; children: ReactNode }) {
  return (
    <form
      className="form-stack"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </form>
  );
}
