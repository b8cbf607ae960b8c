import { Component, Suspense, useState, type ErrorInfo, type ReactNode } from 'react';
import { Button, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExceptionPage } from '../../features/exception/ExceptionPage';
import { pageModules } from '../pages';
import {
  forgetLazyPage,
  getLazyPage,
  PageLoadTimeoutError,
  type PageModuleLoader,
} from '../routing/lazyPage';

type BoundaryProps = { children: ReactNode; fallback: (error: unknown) => ReactNode };

class PageErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('page failed', error, info.componentStack);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

const PageLoadError = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { t } = useTranslation('app');
  const isTimeout = error instanceof PageLoadTimeoutError;
  return (
    <Result
      status={isTimeout ? 'warning' : 'error'}
      title={t(isTimeout ? 'exception.loadTimeout' : 'exception.loadFailed')}
      subTitle={t('exception.loadHint')}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('exception.retry')}
        </Button>
      }
    />
  );
};

export const PageLoading = () => (
  <div className="ok-page-loading" style={{ display: 'flex', justifyContent: 'center', padding: '80px 0' }}>
    <Spin size="large" />
  </div>
);

export type PageHostProps = {
  /** The menu component key, e.g. `platform/menu`. */
  component: string;
  modules?: Record<string, PageModuleLoader>;
  timeoutMs?: number;
};

/**
 * Renders the page module of a menu item: lazily loaded, failing after the 120 s timeout into an
 * error screen with a retry button. Keys without a module show 404 "still in development".
 */
export const PageHost = ({ component, modules = pageModules, timeoutMs }: PageHostProps) => {
  const [attempt, setAttempt] = useState(0);
  const loader = modules[component];
  if (!loader) return <ExceptionPage code="404" />;
  const cacheKey = `${component}#${attempt}`;
  const Page = getLazyPage(cacheKey, loader, timeoutMs);
  return (
    <PageErrorBoundary
      key={cacheKey}
      fallback={(error) => (
        <PageLoadError
          error={error}
          onRetry={() => {
            forgetLazyPage(cacheKey);
            setAttempt((n) => n + 1);
          }}
        />
      )}
    >
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
};
