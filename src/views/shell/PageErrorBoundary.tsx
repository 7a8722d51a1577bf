import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FirstPageMark } from '../first-page.ts';
import { useLocation } from 'react-router-dom';

/**
 * A page that throws while it renders, or whose chunk does not load (a new deploy removed it, the
 * network dropped), shows a translated message in the page's place: the header, the footer and the
 * other pages keep working. Without it React unmounts the whole app and leaves a blank window.
 * Keyed by the path, so going to another page tries afresh.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary key={pathname}>{children}</Boundary>;
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // Reported for whoever reads the console; the user gets the message below.
    console.error('a page failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <PageFailed /> : this.props.children;
  }
}

function PageFailed() {
  const { t } = useTranslation();
  return (
    <div className="page-panel" role="alert" data-testid="page-failed">
      <p>{t('errors.pageFailed')}</p>
      <button className="btn btn-primary" type="button" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
      {/* In the page's place, this is the app's first page when the page itself never came. */}
      <FirstPageMark />
    </div>
  );
}
