import { useTranslation } from 'react-i18next';
import { SideMenuLayout } from '../../components/SideMenuLayout.tsx';
import './wallet.css';

const MENU = [
  { to: 'tradeAccount', key: 'pages.tradeAccount', icon: 'M4 17l5-5 4 4 7-8M15 8h5v5' },
  { to: 'legalAccount', key: 'pages.legalAccount', icon: 'M4 7h16v10H4zM12 10a2 2 0 1 0 0 4 2 2 0 0 0 0-4' },
  { to: 'leverAccount', key: 'pages.leverAccount', icon: 'M4 20h16M7 16V9M12 16V5M17 16v-4' },
  { to: 'secondAccount', key: 'pages.secondAccount', icon: 'M12 4a8 8 0 1 0 0 16 8 8 0 0 0 0-16M12 8v4l3 2' },
  {
    to: 'financialAccount',
    key: 'pages.financialAccount',
    icon: 'M4 10l8-5 8 5M6 10v8M10 10v8M14 10v8M18 10v8M4 20h16',
  },
  { to: 'transfer', key: 'pages.transfer', icon: 'M4 8h14l-3-3M20 16H6l3 3' },
  { to: 'dealRecords', key: 'pages.dealRecords', icon: 'M6 3h12v18H6zM9 8h6M9 12h6M9 16h4' },
  { to: 'transferLog', key: 'pages.transferLog', icon: 'M6 3h12v18H6zM9 9h6l-2-2M15 15H9l2 2' },
  { to: 'bindAddr', key: 'pages.bindAddr', icon: 'M5 12a4 4 0 0 1 4-4h3M19 12a4 4 0 0 1-4 4h-3M8 12h8' },
] as const;

/** /assets (spec §2 Assets): the wallet's left menu and the chosen page. */
export default function AssetsLayout() {
  const { t } = useTranslation();
  return (
    <SideMenuLayout
      title={t('wallet.title')}
      label={t('wallet.menu')}
      items={MENU.map((item) => ({ to: item.to, label: t(item.key), icon: item.icon }))}
      className="wallet"
      testId="assets"
    />
  );
}
