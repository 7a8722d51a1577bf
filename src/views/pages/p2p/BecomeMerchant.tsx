import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * What /myshop shows an account that is not a merchant (spec §6: the shop is a seller's): why there
 * is no shop, and the steps to become a merchant, each a link to the page where it is done. The
 * contract has no merchant application call, so the application goes to support through Feedback.
 */
export function BecomeMerchant() {
  const { t } = useTranslation();
  const steps = [
    { to: '/personal/authentication', key: 'p2p.becomeMerchant.verify' },
    { to: '/personal/collectionSettings', key: 'p2p.becomeMerchant.methods' },
    { to: '/personal/feedback', key: 'p2p.becomeMerchant.apply' },
  ];
  return (
    <section
      className="p2p-card p2p-become-merchant"
      aria-labelledby="p2p-become-merchant-title"
      data-testid="p2p-become-merchant"
    >
      <h2 id="p2p-become-merchant-title">{t('p2p.becomeMerchant.title')}</h2>
      <p>{t('p2p.becomeMerchant.lead')}</p>
      <ol>
        {steps.map((step) => (
          <li key={step.to}>
            <Link to={step.to}>{t(step.key)}</Link>
          </li>
        ))}
      </ol>
      <p>{t('p2p.becomeMerchant.after')}</p>
      <Link className="btn btn-primary" to="/legalIndex/legal">
        {t('p2p.becomeMerchant.hall')}
      </Link>
    </section>
  );
}
