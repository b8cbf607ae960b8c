import { useRef, useState } from 'react';
import { App, Button, Popconfirm, Tabs, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Announcement, Promotion } from '@openkefu/contract';
import { Can } from '../../../shared/components/Authorized';
import { usePageRequest } from '../../../shared/table/usePageRequest';
import { BILLING_NS } from '../../billing/i18n';
import { formatDateTime } from '../../billing/shared/time';
import { useMoney } from '../../billing/shared/useMoney';
import { reportUnlessHandled } from '../shared/reportError';
import { AnnouncementModal } from './AnnouncementModal';
import { deleteAnnouncement, deletePromotion, fetchAnnouncementPage, fetchPromotionPage } from './api';
import { PromotionModal } from './PromotionModal';
import '../../billing/billing.css';

const tabs = ['promotion', 'announcement'] as const;
type MarketingTab = (typeof tabs)[number];
const toTab = (value: string | null): MarketingTab => tabs.find((tab) => tab === value) ?? 'promotion';

/** Whether something with a start and end runs now, is still to come, or is over. */
const RunTag = ({ startsAt, endsAt, enabled }: { startsAt: number; endsAt: number; enabled: boolean }) => {
  const { t } = useTranslation(BILLING_NS);
  const now = Date.now();
  if (!enabled) return <Tag>{t('common.disabled')}</Tag>;
  if (now < startsAt) return <Tag color="blue">{t('marketing.run.scheduled')}</Tag>;
  if (now >= endsAt) return <Tag>{t('marketing.run.ended')}</Tag>;
  return <Tag color="green">{t('marketing.run.running')}</Tag>;
};

const Period = ({ startsAt, endsAt }: { startsAt: number; endsAt: number }) => (
  <span>
    {formatDateTime(startsAt)} – {formatDateTime(endsAt)}
  </span>
);

type PromotionDialog = { promotion: Promotion | null } | null;

const PromotionsTab = () => {
  const { t } = useTranslation(BILLING_NS);
  const { message } = App.useApp();
  const money = useMoney();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [dialog, setDialog] = useState<PromotionDialog>(null);
  const request = usePageRequest<Promotion, Record<string, never>>(fetchPromotionPage, {
    onError: reportUnlessHandled,
  });
  const reload = () => void actionRef.current?.reload();
  const remove = async (promotion: Promotion) => {
    try {
      await deletePromotion(promotion.prid);
      void message.success(t('marketing.promotion.deleted', { code: promotion.code }));
      reload();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };
  const columns: ProColumns<Promotion>[] = [
    {
      title: t('marketing.promotion.fields.code'),
      dataIndex: 'code',
      width: 150,
      render: (_, promotion) => <Typography.Text code>{promotion.code}</Typography.Text>,
    },
    {
      title: t('marketing.promotion.columns.discount'),
      key: 'discount',
      width: 130,
      render: (_, promotion) =>
        promotion.kind === 'percent'
          ? t('marketing.promotion.percentOff', { value: promotion.value })
          : t('marketing.promotion.amountOff', { amount: money(promotion.value) }),
    },
    {
      title: t('marketing.promotion.fields.min'),
      dataIndex: 'minCents',
      align: 'right',
      width: 130,
      render: (_, promotion) => (promotion.minCents > 0 ? money(promotion.minCents) : '—'),
    },
    {
      title: t('marketing.promotion.fields.range'),
      key: 'range',
      width: 300,
      render: (_, promotion) => <Period startsAt={promotion.startsAt} endsAt={promotion.endsAt} />,
    },
    {
      title: t('marketing.promotion.columns.used'),
      key: 'used',
      align: 'right',
      width: 110,
      render: (_, promotion) =>
        promotion.usageLimit === null
          ? t('marketing.promotion.usedUnlimited', { used: promotion.used })
          : t('marketing.promotion.usedOf', { used: promotion.used, limit: promotion.usageLimit }),
    },
    {
      title: t('marketing.columns.state'),
      key: 'state',
      width: 100,
      render: (_, promotion) => <RunTag {...promotion} />,
    },
    {
      title: t('common.actions'),
      valueType: 'option',
      key: 'actions',
      width: 120,
      render: (_, promotion) => [
        <Can key="edit" permission="platform.marketing.edit">
          <a onClick={() => setDialog({ promotion })}>{t('common.edit')}</a>
        </Can>,
        <Can key="delete" permission="platform.marketing.delete">
          <Popconfirm
            title={t('marketing.promotion.deleteConfirm', { code: promotion.code })}
            description={t('marketing.promotion.deleteHelp')}
            okText={t('common.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => remove(promotion)}
          >
            <Typography.Link type="danger">{t('common.delete')}</Typography.Link>
          </Popconfirm>
        </Can>,
      ],
    },
  ];
  return (
    <>
      <ProTable<Promotion, Record<string, never>>
        rowKey="prid"
        headerTitle={t('marketing.promotion.title')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        search={false}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: request.showTotal }}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('marketing.promotion.empty') }}
        toolBarRender={() => [
          <Can key="create" permission="platform.marketing.add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ promotion: null })}>
              {t('marketing.promotion.create')}
            </Button>
          </Can>,
        ]}
      />
      {dialog && (
        <PromotionModal
          key={dialog.promotion?.prid ?? 'new'}
          promotion={dialog.promotion}
          onClose={() => setDialog(null)}
          onDone={reload}
        />
      )}
    </>
  );
};

type AnnouncementDialog = { announcement: Announcement | null } | null;

const AnnouncementsTab = () => {
  const { t } = useTranslation(BILLING_NS);
  const { message } = App.useApp();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [dialog, setDialog] = useState<AnnouncementDialog>(null);
  const request = usePageRequest<Announcement, Record<string, never>>(fetchAnnouncementPage, {
    onError: reportUnlessHandled,
  });
  const reload = () => void actionRef.current?.reload();
  const remove = async (announcement: Announcement) => {
    try {
      await deleteAnnouncement(announcement.anid);
      void message.success(t('marketing.announcement.deleted', { title: announcement.title }));
      reload();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };
  const columns: ProColumns<Announcement>[] = [
    { title: t('marketing.announcement.fields.title'), dataIndex: 'title', ellipsis: true },
    {
      title: t('marketing.announcement.fields.range'),
      key: 'range',
      width: 300,
      render: (_, announcement) => <Period startsAt={announcement.startsAt} endsAt={announcement.endsAt} />,
    },
    {
      title: t('marketing.announcement.fields.onLoginPage'),
      dataIndex: 'onLoginPage',
      width: 140,
      render: (_, announcement) => (announcement.onLoginPage ? t('common.yes') : t('common.no')),
    },
    {
      title: t('marketing.columns.state'),
      key: 'state',
      width: 100,
      render: (_, announcement) => <RunTag {...announcement} />,
    },
    {
      title: t('common.actions'),
      valueType: 'option',
      key: 'actions',
      width: 120,
      render: (_, announcement) => [
        <Can key="edit" permission="platform.marketing.edit">
          <a onClick={() => setDialog({ announcement })}>{t('common.edit')}</a>
        </Can>,
        <Can key="delete" permission="platform.marketing.delete">
          <Popconfirm
            title={t('marketing.announcement.deleteConfirm', { title: announcement.title })}
            okText={t('common.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => remove(announcement)}
          >
            <Typography.Link type="danger">{t('common.delete')}</Typography.Link>
          </Popconfirm>
        </Can>,
      ],
    },
  ];
  return (
    <>
      <ProTable<Announcement, Record<string, never>>
        rowKey="anid"
        headerTitle={t('marketing.announcement.title')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        search={false}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: request.showTotal }}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('marketing.announcement.empty') }}
        toolBarRender={() => [
          <Can key="create" permission="platform.marketing.add">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ announcement: null })}>
              {t('marketing.announcement.create')}
            </Button>
          </Can>,
        ]}
      />
      {dialog && (
        <AnnouncementModal
          key={dialog.announcement?.anid ?? 'new'}
          announcement={dialog.announcement}
          onClose={() => setDialog(null)}
          onDone={reload}
        />
      )}
    </>
  );
};

/**
 * Platform → marketing (`/stable/platform/marketing`): promotion codes for recharges and the
 * announcements shown in consoles and on the sign-in page. `?tab=` keeps the chosen tab.
 */
export const MarketingPage = () => {
  const { t } = useTranslation(BILLING_NS);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = toTab(searchParams.get('tab'));
  return (
    <Tabs
      activeKey={tab}
      destroyOnHidden
      onChange={(key) =>
        setSearchParams(
          (params) => {
            const next = new URLSearchParams(params);
            if (key === 'promotion') next.delete('tab');
            else next.set('tab', key);
            return next;
          },
          { replace: true },
        )
      }
      items={[
        { key: 'promotion', label: t('marketing.tabs.promotion'), children: <PromotionsTab /> },
        { key: 'announcement', label: t('marketing.tabs.announcement'), children: <AnnouncementsTab /> },
      ]}
    />
  );
};
