import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { machinesReady } from '../../machines/deferred.ts';
import { useServices } from '../services-context.ts';
import './dev-menu.css';
import {
  REPLAY_SHORTCUT_LABEL,
  setInspectorOpen,
  setReplayOpen,
  SHORTCUT_LABEL,
  useInspectorOpen,
  useReplayOpen,
} from './devtools-store.ts';
import { useDemoTools } from '../use-demo-tools.ts';

// The inspector, elkjs and @xyflow/react load only when the inspector first opens.
const InspectorPanel = lazy(() => import('./InspectorPanel.tsx'));
// The market replay panel likewise, when first opened (with the machines it runs).
const ReplayPanel = lazy(() =>
  Promise.all([import('./ReplayPanel.tsx'), machinesReady()]).then(([module]) => module),
);

/**
 * The header's developer menu: a small button that opens the statechart inspector (also
 * Alt+Shift+D anywhere) or the machine gallery. Off until asked for; nothing of it loads before.
 */
export function DevMenu() {
  const { t } = useTranslation();
  const demoTools = useDemoTools();
  const [menuOpen, setMenuOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!menuOpen) return;
    const close = (event: Event) => {
      if (
        event instanceof KeyboardEvent ? event.key === 'Escape' : !box.current?.contains(event.target as Node)
      ) {
        setMenuOpen(false);
      }
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, [menuOpen]);

  return (
    <div className="dev-menu" ref={box}>
      <InspectorDrawer />
      {demoTools && <ReplayDrawer />}
      <button
        type="button"
        className="icon-button dev-menu-button"
        aria-haspopup="menu"
        aria-expanded={menuOpen}
        aria-label={t('devtools.menu')}
        title={t('devtools.menu')}
        data-testid="dev-menu-button"
        onClick={() => setMenuOpen(!menuOpen)}
      >
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <rect x="3" y="3" width="7" height="6" rx="1.5" />
          <rect x="14" y="15" width="7" height="6" rx="1.5" />
          <path d="M6.5 9v4a2 2 0 0 0 2 2H14" />
        </svg>
      </button>
      {menuOpen && (
        <div className="dev-menu-list" role="menu" data-testid="dev-menu">
          <button
            type="button"
            role="menuitem"
            data-testid="open-inspector"
            onClick={() => {
              setMenuOpen(false);
              setInspectorOpen(true);
            }}
          >
            <span>{t('devtools.inspector')}</span>
            <kbd>{SHORTCUT_LABEL}</kbd>
          </button>
          <Link role="menuitem" to="/inspect/gallery" onClick={() => setMenuOpen(false)}>
            {t('devtools.gallery')}
          </Link>
          {/* A real server keeps its own market and real time: replay is the simulator's. */}
          {demoTools && (
            <button
              type="button"
              role="menuitem"
              data-testid="open-replay"
              onClick={() => {
                setMenuOpen(false);
                setReplayOpen(true);
              }}
            >
              <span>{t('devtools.replay.open')}</span>
              <kbd>{REPLAY_SHORTCUT_LABEL}</kbd>
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** The inspector drawer (on top of the page, outside the header); its shortcut: installDevShortcuts. */
function InspectorDrawer() {
  const { inspection } = useServices();
  const open = useInspectorOpen();
  const { pathname } = useLocation();

  // The /inspect page is the inspector already.
  if (!open || !inspection || pathname.startsWith('/inspect')) return null;
  return createPortal(
    <Suspense fallback={null}>
      <InspectorPanel bus={inspection} variant="drawer" onClose={() => setInspectorOpen(false)} />
    </Suspense>,
    document.body,
  );
}

/** The market replay panel, on top of the page below the header; its shortcut: installDevShortcuts. */
function ReplayDrawer() {
  const open = useReplayOpen();
  if (!open) return null;
  return createPortal(
    <Suspense fallback={null}>
      <ReplayPanel onClose={() => setReplayOpen(false)} />
    </Suspense>,
    document.body,
  );
}
