import { useTranslation } from 'react-i18next';
import { FooterNews } from '../components/FooterNews.tsx';
import { useSetting } from '../use-setting.ts';

export function Footer() {
  const { t } = useTranslation();
  const mobile = useSetting('contact_mobile');
  const email = useSetting('contact_email');
  return (
    <footer className="app-footer">
      <FooterNews />
      <div className="footer-contact">
        <strong>{t('footer.contact')}</strong>
        {mobile && (
          <span>
            {t('footer.mobile')}: <span className="num">{mobile}</span>
          </span>
        )}
        {email && (
          <span>
            {t('footer.email')}: <a href={`mailto:${email}`}>{email}</a>
          </span>
        )}
      </div>
      <p className="footer-rights">{t('footer.rights')}</p>
    </footer>
  );
}
