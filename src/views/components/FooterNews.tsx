import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FOOTER_CATEGORIES, footerTitles } from '../../domain/home-table.ts';
import { noticeHref } from './links.ts';
import { useCategoryName } from './category-name.ts';
import { useNewsList } from './use-news.ts';
import './footer-news.css';

/** Spec §2 footer: the first 3 titles of categories 5, 4 and 6, each opening its notice. */
export function FooterNews() {
  const { t } = useTranslation();
  return (
    <nav className="footer-news" aria-label={t('notice.footerNavigation')}>
      {FOOTER_CATEGORIES.map((categoryId) => (
        <FooterNewsList key={categoryId} categoryId={categoryId} />
      ))}
    </nav>
  );
}

function FooterNewsList({ categoryId }: { categoryId: number }) {
  const list = useNewsList(categoryId);
  const name = useCategoryName(categoryId);
  const headingId = `footer-news-${categoryId}`;
  return (
    <section
      className="footer-news-list"
      aria-labelledby={headingId}
      data-testid={`footer-news-${categoryId}`}
    >
      <h2 id={headingId}>{name}</h2>
      <ul>
        {list.status === 'ready' &&
          footerTitles(list.data).map((item) => (
            <li key={item.id}>
              <Link to={noticeHref(item.id, categoryId)}>{item.title}</Link>
            </li>
          ))}
        {list.status === 'loading' &&
          [0, 1, 2].map((index) => (
            <li key={index} aria-hidden="true">
              <span className="skeleton skeleton-text" />
            </li>
          ))}
      </ul>
    </section>
  );
}
