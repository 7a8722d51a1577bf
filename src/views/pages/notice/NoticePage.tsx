import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { formatNewsDate } from '../../../domain/format.ts';
import { NEWS_CATEGORY } from '../../../domain/home-table.ts';
import { ArticleBody } from '../../components/ArticleBody.tsx';
import { useCategoryName } from '../../components/category-name.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { noticeHref, parseIdParam } from '../../components/links.ts';
import type { Loadable } from '../../../streams/loadable.ts';
import { type NewsArticle, type NewsItem, useNewsArticle, useNewsList } from '../../components/use-news.ts';
import './notice.css';

/**
 * Spec §2 "Notice/news detail" (/notice?id=&category_id=): the titles of the category on the
 * left, the chosen article on the right. Without an id it opens the category's newest article;
 * once the article is loaded its own category is the one shown, whatever category_id said.
 */
export default function NoticePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const requestedId = parseIdParam(params.get('id'));
  // A bare /notice opens the announcements.
  const requestedCategory =
    parseIdParam(params.get('category_id')) ?? (requestedId === null ? NEWS_CATEGORY.notices : null);

  const firstList = useNewsList(requestedCategory);
  const id = requestedId ?? (firstList.status === 'ready' ? (firstList.data[0]?.id ?? null) : null);
  const article = useNewsArticle(id);
  // The article's own category wins over the address: a link with the wrong category_id still
  // shows the article under its real category (breadcrumb and titles).
  const categoryId = article.status === 'ready' ? article.data.category_id : requestedCategory;
  const list = useNewsList(categoryId);
  const categoryName = useCategoryName(categoryId);

  const title = article.status === 'ready' ? article.data.title : null;
  useEffect(() => {
    if (title === null) return undefined;
    const previous = document.title;
    document.title = `${title} · ${t('brand.name')}`;
    return () => {
      document.title = previous;
    };
  }, [title, t]);

  return (
    <div className="notice-page">
      <aside className="notice-aside panel" aria-labelledby="notice-aside-title">
        <h2 id="notice-aside-title">{categoryName || t('notice.title')}</h2>
        <NoticeTitles list={list} activeId={id} categoryId={categoryId} />
      </aside>
      {/* Prerendered, /notice shows the newest article: an address naming another hides it until
          the app shows that one (app/first-paint.ts SHOWS_BARE_ADDRESS). */}
      <article
        className="notice-article panel"
        aria-busy={article.status === 'loading' && (id !== null || firstList.status === 'loading')}
        data-shows-bare-address=""
      >
        <ArticlePane
          article={article}
          categoryId={categoryId}
          categoryName={categoryName}
          idKnown={id !== null}
          listLoading={firstList.status === 'loading'}
        />
      </article>
    </div>
  );
}

function NoticeTitles({
  list,
  activeId,
  categoryId,
}: {
  list: Loadable<readonly NewsItem[]>;
  activeId: number | null;
  categoryId: number | null;
}) {
  const { t } = useTranslation();
  if (categoryId === null) return null;
  if (list.status === 'loading') {
    return (
      <ul className="notice-titles" aria-hidden="true">
        {[0, 1, 2, 3].map((index) => (
          <li key={index}>
            <span className="skeleton skeleton-text" />
          </li>
        ))}
      </ul>
    );
  }
  if (list.status === 'failed' || list.data.length === 0) {
    return <p className="notice-muted">{t('notice.noTitles')}</p>;
  }
  return (
    <ul className="notice-titles" data-testid="notice-titles">
      {list.data.map((item) => {
        const current = item.id === activeId;
        return (
          <li key={item.id}>
            <Link
              to={noticeHref(item.id, categoryId)}
              aria-current={current ? 'page' : undefined}
              className={current ? 'active' : undefined}
            >
              <span className="notice-title-text">{item.title}</span>
              <span className="notice-title-date num">{formatNewsDate(item.created_at)}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function ArticlePane({
  article,
  categoryId,
  categoryName,
  idKnown,
  listLoading,
}: {
  article: Loadable<NewsArticle>;
  categoryId: number | null;
  categoryName: string;
  idKnown: boolean;
  /** Without an id, the category's titles are still on their way: its newest article will open. */
  listLoading: boolean;
}) {
  const { t } = useTranslation();
  if (article.status === 'failed') {
    return (
      <EmptyState title={t('notice.notFound')}>
        <Link className="btn btn-primary" to="/home">
          {t('notice.backHome')}
        </Link>
      </EmptyState>
    );
  }
  if (article.status === 'loading') {
    // No article to wait for: the category has none (or its titles failed to load).
    if (!idKnown && !listLoading) return <EmptyState title={t('notice.noTitles')} />;
    return (
      <div aria-hidden="true" className="notice-loading">
        <span className="skeleton" style={{ width: '60%', height: 28 }} />
        <span className="skeleton" style={{ width: 120, height: 12 }} />
        <span className="skeleton skeleton-text" />
        <span className="skeleton skeleton-text" />
        <span className="skeleton" style={{ width: '50%', height: 12 }} />
      </div>
    );
  }
  const { data } = article;
  return (
    <>
      <nav className="notice-crumbs" aria-label={t('notice.breadcrumb')}>
        <Link to="/home">{t('notice.home')}</Link>
        <span aria-hidden="true">/</span>
        {categoryId !== null ? (
          <Link to={`/notice?category_id=${categoryId}`}>{categoryName || t('notice.title')}</Link>
        ) : (
          <span>{t('notice.title')}</span>
        )}
      </nav>
      <h1 className="notice-heading" data-testid="notice-title">
        {data.title}
      </h1>
      <p className="notice-meta">
        <svg
          aria-hidden="true"
          width="14"
          height="14"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M3 10h18M8 3v4M16 3v4" />
        </svg>
        <span className="visually-hidden">{t('notice.published')}</span>
        <time className="num" dateTime={formatNewsDate(data.created_at)}>
          {formatNewsDate(data.created_at)}
        </time>
      </p>
      <ArticleBody html={data.content} title={data.title} />
    </>
  );
}
