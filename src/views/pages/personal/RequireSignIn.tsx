import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useSignedIn } from '../../use-session.ts';

/** Account pages need a session: a visitor goes to /login and comes back here afterwards. */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const location = useLocation();
  if (!signedIn) {
    return (
      <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`} replace />
    );
  }
  return children;
}
