import { useTranslation } from 'react-i18next';
import { SideMenuLayout } from '../../components/SideMenuLayout.tsx';

const MENU = [
  { to: 'accountSettings', key: 'pages.accountSettings', icon: 'M12 3l8 4v5c0 5-3.5 8-8 9-4.5-1-8-4-8-9V7z' },
  { to: 'security', key: 'pages.security', icon: 'M6 11h12v9H6zM9 11V8a3 3 0 0 1 6 0v3M12 14v3' },
  { to: 'collectionSettings', key: 'pages.collectionSettings', icon: 'M3 7h18v10H3zM3 11h18M7 15h3' },
  {
    to: 'authentication',
    key: 'pages.authentication',
    icon: 'M4 5h16v14H4zM9 10a2 2 0 1 0 0 .1M6.5 16c.6-2 4.4-2 5 0M14 9h4M14 13h4',
  },
  { to: 'transactionLog', key: 'pages.transactionLog', icon: 'M6 3h12v18H6zM9 8h6M9 12h6M9 16h4' },
  { to: 'feedback', key: 'pages.feedback', icon: 'M4 5h16v11H9l-5 4z' },
] as const;

/** /personal (spec §2 Personal centre): a left menu and the chosen page. */
export default function PersonalLayout() {
  const { t } = useTranslation();
  return (
    <SideMenuLayout
      title={t('personal.title')}
      label={t('personal.menu')}
      items={MENU.map((item) => ({ to: item.to, label: t(item.key), icon: item.icon }))}
      testId="personal"
    />
  );
}
