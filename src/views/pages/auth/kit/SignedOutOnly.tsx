import type { ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { safeReturnPath } from '../../../../domain/validation/return-path.ts';
import { useSignedIn } from '../../../use-session.ts';

/**
 * /login and /register are for visitors: a signed-in user is sent on, to the `redirect` parameter
 * when it is a safe path inside the app, else to /home.
 */
export function SignedOutOnly({ children }: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const [params] = useSearchParams();
  if (signedIn) return <Navigate to={safeReturnPath(params.get('redirect'))} replace />;
  return children;
}
