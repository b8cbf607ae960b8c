import { useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PublicConfig } from '@openkefu/contract';
import { storage } from '../../shared/storage/storage';

/**
 * Footer: copyright, the provider's links and the notice against illegal use (spec §1). Private-server
 * mode hides the footer altogether (the banner below still carries the notice).
 */
export const GlobalFooter = ({ config }: { config: PublicConfig | null }) => {
  const { t } = useTranslation('app');
  const links = config?.links;
  const entries = [
    links?.support ? { key: 'support', href: links.support, label: t('frame.support') } : null,
    links?.help ? { key: 'help', href: links.help, label: t('frame.help') } : null,
    links?.agreement ? { key: 'agreement', href: links.agreement, label: t('frame.agreement') } : null,
  ].filter((entry) => entry !== null);
  return (
    <footer className="ok-footer">
      {entries.length > 0 && (
        <div className="ok-footer__links">
          {entries.map((entry) => (
            <a key={entry.key} href={entry.href} target="_blank" rel="noopener noreferrer">
              {entry.label}
            </a>
          ))}
        </div>
      )}
      <div className="ok-footer__notice">{t('footer.illegalUse')}</div>
      <div className="ok-footer__copyright">
        © {t('footer.copyright', { year: new Date().getFullYear() })}
      </div>
    </footer>
  );
};

const ILLEGAL_USE_NOTICE_DISMISSED = 'ILLEGAL_USE_NOTICE_DISMISSED';

/** The notice against illegal use as a banner above every page; dismissed once per browser. */
export const IllegalUseBanner = () => {
  const { t } = useTranslation('app');
  const [isDismissed, setDismissed] = useState(
    () => storage.get<boolean>(ILLEGAL_USE_NOTICE_DISMISSED) === true,
  );
  if (isDismissed) return null;
  return (
    <Alert
      className="ok-illegal-banner"
      type="warning"
      showIcon
      banner
      title={t('footer.illegalUse')}
      closable={{
        'aria-label': t('footer.dismiss'),
        onClose: () => {
          storage.set(ILLEGAL_USE_NOTICE_DISMISSED, true);
          setDismissed(true);
        },
      }}
    />
  );
};
