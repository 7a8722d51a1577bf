import { FLAG_OFF } from '../domain/contract-codes.ts';
/** Public settings served by default/setting (spec §7). The simulator's own defaults. */
export const SIM_SETTINGS = {
  login_use_sms: FLAG_OFF,
  contact_mobile: '+1 555 0100 200',
  contact_email: 'support@tessera.example',
  service_url: 'mailto:support@tessera.example',
  /** The external buy page embedded by /white; a local demo page ships in public/. */
  white_url: '/external-buy.html',
} as const;

export type SettingKey = keyof typeof SIM_SETTINGS;
