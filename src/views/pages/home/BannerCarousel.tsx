import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NEWS_CATEGORY } from '../../../domain/home-table.ts';
import { noticeHref } from '../../components/links.ts';
import { useNewsList } from '../../components/use-news.ts';
import { AUTO_ADVANCE_MS, clampPosition, isShown, lastPosition, stepPosition } from './carousel.ts';
import { useMediaQuery } from './use-media-query.ts';

/**
 * The banner strip (news category 1, images from `banner`), following the WAI-ARIA carousel
 * pattern: previous/next and pause buttons, a picker per position, slides off screen inert.
 * It advances by itself unless paused, hovered, focused, hidden, or the user prefers less motion.
 */
export function BannerCarousel() {
  const { t } = useTranslation();
  const list = useNewsList(NEWS_CATEGORY.banners);
  const slides = list.status === 'ready' ? list.data.filter((item) => (item.banner ?? '') !== '') : [];
  // The slides' widths follow the same query in CSS (home.css `--visible`), from the first paint.
  const wide = useMediaQuery('(min-width: 1100px)');
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const visible = wide ? 2 : 1;
  const count = slides.length;

  const [rawPosition, setPosition] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const position = clampPosition(rawPosition, count, visible);
  const positions = lastPosition(count, visible) + 1;
  const rotating = !paused && !reducedMotion && positions > 1;
  const moving = rotating && !hovered && !focused;

  useEffect(() => {
    if (!moving) return undefined;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'hidden') return;
      setPosition((current) => stepPosition(current, 1, count, visible));
    }, AUTO_ADVANCE_MS);
    return () => window.clearInterval(timer);
  }, [moving, count, visible]);

  if (list.status === 'failed' || (list.status === 'ready' && count === 0)) return null;
  if (list.status === 'loading') {
    // The carousel's own boxes, empty: slides of its slides' size (CSS sets how many show, as
    // `visible` does) and a row of its controls' height, so nothing moves when the banners come.
    // A box of a fixed 176 px moved the page below it by 0.06 of CLS on the desktop preset.
    return (
      <div className="banner-carousel banner-loading" aria-hidden="true">
        <div className="banner-viewport">
          <div className="banner-track">
            <div className="banner-slide">
              <div className="banner-placeholder skeleton" />
            </div>
            <div className="banner-slide">
              <div className="banner-placeholder skeleton" />
            </div>
          </div>
        </div>
        <div className="banner-controls banner-controls-placeholder">
          <span className="banner-button" />
        </div>
      </div>
    );
  }

  return (
    <section
      className="banner-carousel"
      aria-roledescription={t('home.banners.roledescription')}
      aria-label={t('home.banners.label')}
      data-testid="banner-carousel"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
    >
      <div className="banner-viewport">
        <div
          className="banner-track"
          aria-live={rotating ? 'off' : 'polite'}
          style={{ transform: `translateX(calc(${-position} * (100% + var(--banner-gap)) / ${visible}))` }}
        >
          {slides.map((slide, index) => {
            const shown = isShown(index, position, visible);
            return (
              <div
                key={slide.id}
                className="banner-slide"
                role="group"
                aria-roledescription={t('home.banners.slide')}
                aria-label={t('home.banners.slideOf', { index: index + 1, count })}
                aria-hidden={!shown}
                inert={!shown}
                data-testid="banner-slide"
              >
                <Link to={noticeHref(slide.id, NEWS_CATEGORY.banners)}>
                  <img
                    src={slide.banner}
                    alt={slide.title}
                    width={1200}
                    height={360}
                    loading={index < 2 ? 'eager' : 'lazy'}
                  />
                </Link>
              </div>
            );
          })}
        </div>
      </div>
      {positions > 1 && (
        <div className="banner-controls">
          <button
            type="button"
            className="banner-button"
            onClick={() => setPaused((value) => !value)}
            aria-label={rotating ? t('home.banners.pause') : t('home.banners.play')}
            data-testid="banner-pause"
            disabled={reducedMotion}
          >
            {rotating ? (
              <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
                <rect x="2" y="1" width="3" height="10" rx="1" fill="currentColor" />
                <rect x="7" y="1" width="3" height="10" rx="1" fill="currentColor" />
              </svg>
            ) : (
              <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
                <path d="M3 1.5v9l7.5-4.5z" fill="currentColor" />
              </svg>
            )}
          </button>
          <button
            type="button"
            className="banner-button"
            onClick={() => setPosition(stepPosition(position, -1, count, visible))}
            aria-label={t('home.banners.previous')}
            data-testid="banner-prev"
          >
            <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
              <path d="M7.5 2 3.5 6l4 4" fill="none" stroke="currentColor" strokeWidth="1.8" />
            </svg>
          </button>
          <div className="banner-dots">
            {Array.from({ length: positions }, (_, index) => (
              <button
                key={index}
                type="button"
                className={index === position ? 'active' : undefined}
                aria-current={index === position ? 'true' : undefined}
                aria-label={t('home.banners.goTo', { index: index + 1, count: positions })}
                onClick={() => setPosition(index)}
              />
            ))}
          </div>
          <button
            type="button"
            className="banner-button"
            onClick={() => setPosition(stepPosition(position, 1, count, visible))}
            aria-label={t('home.banners.next')}
            data-testid="banner-next"
          >
            <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12">
              <path d="M4.5 2 8.5 6l-4 4" fill="none" stroke="currentColor" strokeWidth="1.8" />
            </svg>
          </button>
        </div>
      )}
    </section>
  );
}
