import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router-dom';
import { useServices } from '../services-context.ts';
import { useSignedIn } from '../use-session.ts';

/** Lever and micro need a token: a visitor goes to /login with a prompt to log in to trade. */
export function RequireToken({ children }: { children: ReactNode }) {
  const signedIn = useSignedIn();
  const location = useLocation();
  const { toasts } = useServices();
  const { t } = useTranslation();
  useEffect(() => {
    if (!signedIn) toasts.show('info', t('session.loginToTrade'));
  }, [signedIn, toasts, t]);
  if (!signedIn) {
    const back = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?redirect=${back}`} replace />;
  }
  return children;
}
