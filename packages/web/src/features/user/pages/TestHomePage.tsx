import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Envelope, PublicConfig } from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import { parseError } from '../../../shared/api/parseError';
import { apiBaseUrl } from '../../../shared/config/env';
import { useLanguage } from '../../../shared/i18n';
import { UserLayout } from '../components/UserLayout';

type Check =
  | { state: 'checking' }
  | { state: 'ok'; ms: number; detail?: string }
  | { state: 'failed'; ms: number; message: string };

const timed = async <T,>(run: () => Promise<T>): Promise<{ ms: number; value?: T; error?: unknown }> => {
  const started = performance.now();
  try {
    const value = await run();
    return { ms: Math.round(performance.now() - started), value };
  } catch (error) {
    return { ms: Math.round(performance.now() - started), error };
  }
};

const toCheck = <T,>(
  outcome: { ms: number; value?: T; error?: unknown },
  detail?: (value: T) => string,
): Check =>
  outcome.error === undefined
    ? {
        state: 'ok',
        ms: outcome.ms,
        detail: detail && outcome.value !== undefined ? detail(outcome.value) : undefined,
      }
    : { state: 'failed', ms: outcome.ms, message: parseError(outcome.error).message };

/** /antv/test/home — public diagnostics: can this console reach its server, database and configuration? */
export const TestHomePage = () => {
  const { t } = useTranslation('user');
  const language = useLanguage();
  const [health, setHealth] = useState<Check>({ state: 'checking' });
  const [ready, setReady] = useState<Check>({ state: 'checking' });
  const [config, setConfig] = useState<Check>({ state: 'checking' });
  const [version, setVersion] = useState('');

  const runChecks = useCallback(() => {
    setHealth({ state: 'checking' });
    setReady({ state: 'checking' });
    setConfig({ state: 'checking' });
    // Silent: a diagnostics page reports failures in place, never as toasts or a logout.
    void timed(() => http.get<unknown>('/health', { silent: true })).then((outcome) =>
      setHealth(toCheck(outcome)),
    );
    void timed(() => http.get<unknown>('/ready', { silent: true })).then((outcome) =>
      setReady(toCheck(outcome)),
    );
    void timed(() => http.get<Envelope<PublicConfig>>('/api/v1/config', { silent: true })).then((outcome) => {
      setConfig(toCheck(outcome, (body) => body.data.productName));
      setVersion(outcome.value?.data.version ?? '');
    });
  }, []);

  useEffect(() => {
    runChecks();
  }, [runChecks]);

  const show = (check: Check) => {
    if (check.state === 'checking') return <span>{t('testHome.checking')}</span>;
    const elapsed = t('testHome.elapsed', { ms: check.ms });
    return check.state === 'ok' ? (
      <span className="ok-checks__ok">
        {t('testHome.ok')} · {elapsed}
      </span>
    ) : (
      <span className="ok-checks__failed">
        {t('testHome.failed')}: {check.message} · {elapsed}
      </span>
    );
  };

  const rows: Array<[string, ReactNode]> = [
    [t('testHome.health'), show(health)],
    [t('testHome.ready'), show(ready)],
    [t('testHome.config'), show(config)],
    [t('testHome.version'), version || '-'],
    [t('testHome.apiBase'), apiBaseUrl || t('testHome.sameOrigin')],
    [t('testHome.language'), language],
  ];

  return (
    <UserLayout title={t('testHome.title')} isWide>
      <p className="ok-user__intro">{t('testHome.intro')}</p>
      <ul className="ok-checks" aria-live="polite">
        {rows.map(([label, value]) => (
          <li key={label}>
            <span>{label}</span>
            <span className="ok-checks__value">{value}</span>
          </li>
        ))}
      </ul>
      <div className="ok-user__links">
        <button type="button" className="ok-button" onClick={runChecks}>
          {t('testHome.recheck')}
        </button>
        <Link className="ok-button ok-button--primary" to="/antv/user/login">
          {t('common.backToLogin')}
        </Link>
      </div>
    </UserLayout>
  );
};
