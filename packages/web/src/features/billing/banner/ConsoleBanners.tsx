import { useState } from 'react';
import { Alert, Button } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Announcement, BillingOverview } from '@openkefu/contract';
import { ANNOUNCEMENTS_QUERY_KEY, fetchActiveAnnouncements, fetchOverview, OVERVIEW_QUERY_KEY } from '../api';
import { RECHARGE_PATH } from '../components/Shortfall';
import { BILLING_NS } from '../i18n';
import { dismissAnnouncement, readDismissed } from './dismissed';
import '../billing.css';

export const PAYMENT_PATH = '/stable/settings/payment';

/** The banners look again this often (a console stays open all day). */
export const BANNER_REFRESH_MS = 10 * 60 * 1000;

/** Expiring: days left and the way to recharge. Expired: the console is read-only until renewed. */
export const BillingBanner = ({
  overview,
  isPrivateServer,
}: {
  overview: BillingOverview;
  isPrivateServer: boolean;
}) => {
  const { t } = useTranslation(BILLING_NS);
  const navigate = useNavigate();
  if (overview.state === 'active') return null;
  const date = overview.validateUntilDate ?? '';
  if (overview.state === 'expired')
    return (
      <Alert
        className="ok-billing-banner"
        type="error"
        showIcon
        banner
        title={t('banner.expired', { date })}
        action={
          <Button size="small" danger type="primary" onClick={() => navigate(PAYMENT_PATH)}>
            {t('banner.renew')}
          </Button>
        }
      />
    );
  const days = overview.daysLeft ?? 0;
  return (
    <Alert
      className="ok-billing-banner"
      type="warning"
      showIcon
      banner
      title={days <= 0 ? t('banner.expiresToday', { date }) : t('banner.expiring', { count: days, date })}
      action={
        // Spec §1: private-server mode hides the recharge link.
        isPrivateServer ? undefined : (
          <Button size="small" type="primary" onClick={() => navigate(RECHARGE_PATH)}>
            {t('banner.recharge')}
          </Button>
        )
      }
    />
  );
};

/** The platform's running announcements; each can be closed, and stays closed in this browser. */
export const AnnouncementBanners = ({ announcements }: { announcements: Announcement[] }) => {
  const { t } = useTranslation(BILLING_NS);
  const [dismissed, setDismissed] = useState(readDismissed);
  const shown = announcements.filter((announcement) => !dismissed.includes(announcement.anid));
  if (shown.length === 0) return null;
  return (
    <section aria-label={t('banner.announcements')}>
      {shown.map((announcement) => (
        <Alert
          key={announcement.anid}
          className="ok-billing-banner"
          type="info"
          showIcon
          closable={{
            'aria-label': t('banner.dismiss', { title: announcement.title }),
            onClose: () => setDismissed(dismissAnnouncement(announcement.anid)),
          }}
          title={announcement.title}
          description={
            announcement.content ? (
              // The server sanitises announcement HTML on save (DESIGN §8 "rich text").
              <div
                className="ok-billing-banner__content"
                dangerouslySetInnerHTML={{ __html: announcement.content }}
              />
            ) : undefined
          }
        />
      ))}
    </section>
  );
};

/**
 * The console frame's banners (issue 20): the organisation's billing state and the platform's
 * announcements. Both calls are silent: a banner that cannot load shows nothing rather than a notice.
 */
export const ConsoleBanners = ({ isPrivateServer = false }: { isPrivateServer?: boolean }) => {
  const overview = useQuery({
    queryKey: OVERVIEW_QUERY_KEY,
    queryFn: () => fetchOverview({ silent: true }),
    refetchInterval: BANNER_REFRESH_MS,
    staleTime: 60_000,
    retry: false,
  });
  const announcements = useQuery({
    queryKey: ANNOUNCEMENTS_QUERY_KEY,
    queryFn: fetchActiveAnnouncements,
    refetchInterval: BANNER_REFRESH_MS,
    staleTime: 60_000,
    retry: false,
  });
  return (
    <>
      {overview.data && <BillingBanner overview={overview.data} isPrivateServer={isPrivateServer} />}
      {announcements.data && <AnnouncementBanners announcements={announcements.data} />}
    </>
  );
};
