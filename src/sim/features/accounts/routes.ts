import type { Routes } from '../../routes.ts';
import type { Accounts } from './accounts.ts';
import { registerProfileRoutes } from './profile-routes.ts';
import { registerSecurityRoutes } from './security-routes.ts';
import { registerSessionRoutes } from './session-routes.ts';
import { registerTwoFactorRoutes } from './two-factor-routes.ts';

/** Every call of the accounts feature (spec §7 "General and user", payment methods, feedback). */
export function registerAccountRoutes(routes: Routes, accounts: Accounts): void {
  registerSessionRoutes(routes, accounts);
  registerProfileRoutes(routes, accounts);
  registerSecurityRoutes(routes, accounts);
  registerTwoFactorRoutes(routes, accounts);
}
