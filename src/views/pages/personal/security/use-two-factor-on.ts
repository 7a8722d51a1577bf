import { FLAG_ON } from '../../../../domain/contract-codes.ts';
import { useServices } from '../../../services-context.ts';
import { useLoadable } from '../../../use-loadable.ts';

/**
 * Whether the signed-in user has two-factor sign-in on (security/overview), so a security change
 * (a password, the trade password) shows the field for a code from the app. False while it loads:
 * the exchange asks for the code anyway ({ two_factor: 1 }) if it was sent without one.
 */
export function useTwoFactorOn(): boolean {
  const { queries } = useServices();
  const overview = useLoadable(queries.personal.securityOverview$);
  return overview.status === 'ready' && overview.data.two_factor === FLAG_ON;
}
