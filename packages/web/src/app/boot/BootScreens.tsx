import { isRouteErrorResponse, useRouteError } from 'react-router';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { removePrerender } from '../../features/user/prerender';
import './boot.css';

/** Shown while a route module or the guard's first load is under way (also the router's HydrateFallback). */
export const BootFallback = ({ message }: { message?: string }) => {
  const { t } = useTranslation();
  return (
    <div className="ok-boot" role="status" aria-live="polite">
      <div className="ok-boot__spinner" aria-hidden="true" />
      <span>{message ?? t('app:boot.loading')}</span>
    </div>
  );
};

/**
 * The router's error screen. Plain HTML: the usual cause is a chunk that failed to load (a new
 * deployment, the network), which antd could not help show.
 */
export const RouteErrorScreen = () => {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // Shown instead of the root route (a chunk that failed to load): the pre-rendered form must go too.
  useLayoutEffect(removePrerender, []);
  return (
    <div className="ok-boot" role="alert">
      <h1 className="ok-boot__title">{status}</h1>
      <p>{t('app:boot.loadFailed')}</p>
      <div className="ok-boot__actions">
        <button
          type="button"
          className="ok-boot__button ok-boot__button--primary"
          onClick={() => window.location.reload()}
        >
          {t('app:boot.retry')}
        </button>
        <a className="ok-boot__button" href={`${import.meta.env.BASE_URL}dashboard`}>
          {t('app:boot.home')}
        </a>
      </div>
    </div>
  );
};
