import '../shared/i18n';
import '../shared/dashboard.css';
import { Button, Card, List, Progress, Space, Tag, Typography } from 'antd';
import { CheckCircleFilled, ReloadOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardGuide, GuideStepKey } from '@openkefu/contract';
import { useProfile } from '../../../shared/auth/profileStore';
import { StatisticQueryView } from '../../../shared/charts';
import { fetchGuide } from '../shared/api';
import { DASHBOARD_NS } from '../shared/i18n';
import { WORKBENCH_PATH, usePagePaths } from '../shared/links';

/** Where each step is done: a console page (by menu component), or the workbench. */
const stepPlaces: Record<GuideStepKey, string> = {
  skillGroup: 'kefu/group',
  agent: 'kefu/account',
  agentOnline: 'workbench',
  embedLoaded: 'dashboard/preview',
  firstConversation: 'kefu/thread',
  robotFaq: 'robot/faq',
  kbArticle: 'kb/list',
  quickReply: 'kefu/cuw',
};

/** The path of the page where a step is done, or null when this user cannot open it. */
const useStepPath = (): ((key: GuideStepKey) => string | null) => {
  const pathOf = usePagePaths();
  const profile = useProfile();
  const canServe = profile?.authorities.includes('chat') ?? false;
  return (key) => {
    const place = stepPlaces[key];
    if (place === 'workbench') return canServe ? WORKBENCH_PATH : null;
    return pathOf(place);
  };
};

/**
 * Dashboard → getting started (`/stable/dashboard/guide`, debug-only): the setup checklist. Each step
 * ticks itself from the organisation's data (`GET /api/dashboard/guide`), is asked again when the
 * window comes back into focus, and links to the page where it is done.
 */
export const GuidePage = () => {
  const { t } = useTranslation(DASHBOARD_NS);
  const query = useQuery({
    queryKey: ['dashboard', 'guide'],
    queryFn: fetchGuide,
    // Back from doing a step in another tab: show it ticked.
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
  return (
    <Card
      className="ok-dashboard-guide"
      title={t('guide.title')}
      extra={
        <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
          {t('common.refresh')}
        </Button>
      }
    >
      <StatisticQueryView query={query} errorTitle={t('guide.loadFailed')}>
        {(guide) => <Checklist guide={guide} />}
      </StatisticQueryView>
    </Card>
  );
};

const Checklist = ({ guide }: { guide: DashboardGuide }) => {
  const { t } = useTranslation(DASHBOARD_NS);
  const pathOf = useStepPath();
  const done = guide.steps.filter((step) => step.isDone).length;
  const total = guide.steps.length;
  const next = guide.steps.find((step) => !step.isDone)?.key;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <div>
        <Typography.Paragraph type="secondary">{t('guide.intro')}</Typography.Paragraph>
        <Progress
          percent={total === 0 ? 0 : Math.round((done / total) * 100)}
          format={() => t('guide.progress', { done, total })}
          aria-label={t('guide.progress', { done, total })}
        />
        {done === total ? (
          <Typography.Paragraph type="success" strong>
            {t('guide.allDone')}
          </Typography.Paragraph>
        ) : null}
      </div>
      <List
        itemLayout="horizontal"
        dataSource={guide.steps}
        renderItem={(step, index) => {
          const path = pathOf(step.key);
          return (
            <List.Item
              className={`ok-dashboard-guide__step${step.isDone ? ' is-done' : ''}${step.key === next ? ' is-next' : ''}`}
              data-step={step.key}
              actions={
                path
                  ? [
                      <Link
                        key="go"
                        to={path}
                        className="ok-dashboard-guide__link"
                        // The accessible name starts with the visible text (axe label-content-name-mismatch).
                        aria-label={`${step.isDone ? t('guide.open') : t('guide.go')} · ${t(`guide.steps.${step.key}.title`)}`}
                      >
                        {step.isDone ? t('guide.open') : t('guide.go')} <RightOutlined aria-hidden />
                      </Link>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                avatar={
                  step.isDone ? (
                    <CheckCircleFilled className="ok-dashboard-guide__tick" aria-hidden />
                  ) : (
                    <span className="ok-dashboard-guide__number" aria-hidden>
                      {index + 1}
                    </span>
                  )
                }
                title={
                  <Space size={8} wrap>
                    <span>{t(`guide.steps.${step.key}.title`)}</span>
                    {step.isDone ? (
                      <Tag color="success">{t('guide.done')}</Tag>
                    ) : step.key === next ? (
                      <Tag color="processing">{t('guide.next')}</Tag>
                    ) : (
                      <Tag>{t('guide.todo')}</Tag>
                    )}
                  </Space>
                }
                description={t(`guide.steps.${step.key}.text`)}
              />
            </List.Item>
          );
        }}
      />
    </Space>
  );
};
