import '../shared/i18n';
import '../shared/dashboard.css';
import { useState, type ReactNode } from 'react';
import {
  Alert,
  Avatar,
  Button,
  Card,
  Col,
  Empty,
  Row,
  Skeleton,
  Space,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import {
  AreaChartOutlined,
  CompassOutlined,
  CustomerServiceOutlined,
  EyeOutlined,
  FundOutlined,
  HistoryOutlined,
  ReloadOutlined,
  SolutionOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { DashboardWorkplace, Profile, StatisticUnit } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { useProfile } from '../../../shared/auth/profileStore';
import { Description, DescriptionList } from '../../../shared/components/DescriptionList';
import { useLanguage } from '../../../shared/i18n';
import { useRoleText } from '../../../shared/roles/roleText';
import { greeting } from '../../../shared/utils/greeting';
import { listMenuSections, titleOf, type SectionRoute } from '../../../shared/routing/buildRoutes';
import { useSession } from '../../../shared/routing/session';
import { MenuIcon } from '../../../shared/routing/menuIcons';
import { usePageVisible } from '../../kefu/status/usePageVisible';
import { fetchWorkplace } from '../shared/api';
import { CompareFigure } from '../shared/CompareFigure';
import { browserTimeZone, changeOf, formatFigure } from '../shared/format';
import { DASHBOARD_NS } from '../shared/i18n';
import { WORKBENCH_PATH, usePagePaths } from '../shared/links';
import './workplace.css';

/** The workplace's own and team figures reload this often while the tab shows. */
export const WORKPLACE_REFRESH_MS = 60_000;

const DASHBOARD = 'dashboard';
const describedSections = new Set([
  'kefu',
  'crm',
  'kb',
  'robot',
  'settings',
  'statictic',
  'platform',
  'ticket',
  'channel',
  'feedback',
  'quality',
  'form',
  DASHBOARD,
]);

const UserCard = ({ profile }: { profile: Profile }) => {
  const { t } = useTranslation('app');
  const language = useLanguage();
  const roleText = useRoleText();
  const validity = profile.validateUntilDate
    ? dayjs(profile.validateUntilDate).format('YYYY-MM-DD')
    : t('workplace.noExpiry');
  const balance = new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(profile.balance);
  return (
    <Card className="ok-workplace__user">
      <div className="ok-workplace__user-head">
        <Avatar size={64} src={profile.avatar || undefined} icon={<UserOutlined />} alt="" />
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('workplace.greeting', { greeting: greeting(), name: profile.nickname || profile.username })}
          </Typography.Title>
          <Typography.Text type="secondary">{profile.organization.name}</Typography.Text>
        </div>
      </div>
      <DescriptionList col={4} size="small">
        <Description term={t('workplace.username')}>{profile.username}</Description>
        <Description term={t('workplace.organization')}>{profile.organization.name}</Description>
        <Description term={t('workplace.balance')}>{balance}</Description>
        <Description term={t('workplace.validity')}>{validity}</Description>
        <Description term={t('workplace.roles')}>
          <Space size={[4, 4]} wrap>
            {profile.roles.length > 0
              ? profile.roles.map((role) => (
                  <Tag key={role.rid} title={roleText.description(role)}>
                    {roleText.name(role)}
                  </Tag>
                ))
              : '-'}
          </Space>
        </Description>
      </DescriptionList>
    </Card>
  );
};

const QuickLinks = ({ sections }: { sections: SectionRoute[] }) => {
  const { t } = useTranslation('app');
  const language = useLanguage();
  if (sections.length === 0) return <Empty description={t('workplace.noSections')} />;
  return (
    <Row gutter={[16, 16]}>
      {sections.map((section) => (
        <Col key={section.name} xs={24} sm={12} lg={8} xxl={6}>
          <Link to={section.redirect || section.path} className="ok-workplace__link">
            <Card hoverable size="small">
              <Card.Meta
                avatar={
                  <span className="ok-workplace__icon">
                    <MenuIcon name={section.icon} />
                  </span>
                }
                title={titleOf(section, language)}
                description={t(
                  `workplace.sections.${describedSections.has(section.name) ? section.name : 'other'}`,
                )}
              />
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
};

const gettingStartedSteps = ['agents', 'channels', 'robot', 'kb', 'workbench'] as const;

type MyFigure = {
  key: 'conversationsAccepted' | 'conversationsClosed' | 'firstResponseAvg' | 'satisfactionAvg';
  unit: StatisticUnit;
  isHigherBetter: boolean;
};

const myFigures: readonly MyFigure[] = [
  { key: 'conversationsAccepted', unit: 'count', isHigherBetter: true },
  { key: 'conversationsClosed', unit: 'count', isHigherBetter: true },
  { key: 'firstResponseAvg', unit: 'seconds', isHigherBetter: false },
  { key: 'satisfactionAvg', unit: 'score', isHigherBetter: true },
];

/** The signed-in user's figures today against yesterday, and what is open on their desk now. */
const MyFigures = ({ data }: { data: DashboardWorkplace }) => {
  const { t } = useTranslation(DASHBOARD_NS);
  const language = useLanguage();
  const pathOf = usePagePaths();
  const ticketsPath = pathOf('ticket/my');
  const ratings = data.me.today.ratings ?? 0;
  return (
    <Row gutter={[16, 16]}>
      {myFigures.map(({ key, unit, isHigherBetter }) => {
        const now = data.me.today[key] ?? null;
        const then = data.me.yesterday[key] ?? null;
        return (
          <Col key={key} xs={12} lg={6}>
            <CompareFigure
              title={t(`workplace.mine.${key}`)}
              description={
                key === 'satisfactionAvg' ? t('workplace.mine.ratings', { count: ratings }) : undefined
              }
              value={formatFigure(now, unit, language)}
              previous={formatFigure(then, unit, language)}
              previousLabel={t('workplace.yesterday')}
              change={changeOf(now, then)}
              isHigherBetter={isHigherBetter}
            />
          </Col>
        );
      })}
      <Col xs={12} lg={6}>
        <Card size="small" className="ok-dashboard-figure">
          <Statistic title={t('workplace.mine.openConversations')} value={data.me.openConversations} />
        </Card>
      </Col>
      {data.me.openTickets === null ? null : (
        <Col xs={12} lg={6}>
          <Card size="small" className="ok-dashboard-figure">
            <Statistic title={t('workplace.mine.openTickets')} value={data.me.openTickets} />
            {ticketsPath ? <Link to={ticketsPath}>{t('workplace.mine.seeTickets')}</Link> : null}
          </Card>
        </Col>
      )}
    </Row>
  );
};

const activities = ['online', 'busy', 'away', 'offline'] as const;

/** How many colleagues are online, busy, away or offline right now, and how many visitors wait. */
const TeamNow = ({ data }: { data: DashboardWorkplace }) => {
  const { t } = useTranslation(DASHBOARD_NS);
  const pathOf = usePagePaths();
  const statusPath = pathOf('kefu/status');
  const monitorPath = pathOf('dashboard/monitor');
  const { team } = data;
  return (
    <>
      <Row gutter={[8, 16]}>
        {activities.map((activity) => (
          <Col key={activity} span={6}>
            <Statistic
              title={t(`activity.${activity}`)}
              value={team[activity]}
              className={`ok-dashboard-team ok-dashboard-team--${activity}`}
            />
          </Col>
        ))}
      </Row>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 8 }}>
        {t('workplace.team.summary', { total: team.total, waiting: team.waiting })}
      </Typography.Paragraph>
      <Space wrap>
        {statusPath ? <Link to={statusPath}>{t('workplace.team.statusLink')}</Link> : null}
        {monitorPath ? <Link to={monitorPath}>{t('workplace.team.monitorLink')}</Link> : null}
      </Space>
    </>
  );
};

/** Figures and the team, from `GET /api/dashboard/workplace` in the reader's time zone. */
const LiveCards = () => {
  const { t } = useTranslation(DASHBOARD_NS);
  const [tz] = useState(browserTimeZone);
  const isVisible = usePageVisible();
  const query = useQuery({
    queryKey: ['dashboard', 'workplace', tz],
    queryFn: () => fetchWorkplace(tz),
    refetchInterval: isVisible ? WORKPLACE_REFRESH_MS : false,
  });
  const refresh = (
    <Button
      size="small"
      icon={<ReloadOutlined />}
      loading={query.isFetching}
      onClick={() => void query.refetch()}
      aria-label={t('common.refresh')}
    />
  );
  const body = (render: (data: DashboardWorkplace) => ReactNode) =>
    query.data ? (
      render(query.data)
    ) : query.isError ? (
      <Alert
        type="error"
        showIcon
        title={t('workplace.loadFailed')}
        description={parseError(query.error).message}
        action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
      />
    ) : (
      <Skeleton active paragraph={{ rows: 3 }} />
    );
  return (
    <Row gutter={[24, 24]} style={{ marginTop: 24 }}>
      <Col xs={24} xl={16}>
        <Card title={t('workplace.mine.title')} extra={refresh}>
          {body((data) => (
            <MyFigures data={data} />
          ))}
        </Card>
      </Col>
      <Col xs={24} xl={8}>
        <Card title={t('workplace.team.title')}>
          {body((data) => (
            <TeamNow data={data} />
          ))}
        </Card>
      </Col>
    </Row>
  );
};

type Shortcut = { key: string; path: string | null; icon: ReactNode };

/** One click to the tasks people come to the console for, the ones this user can open. */
const Shortcuts = ({ profile }: { profile: Profile | null }) => {
  const { t } = useTranslation(DASHBOARD_NS);
  const pathOf = usePagePaths();
  const canServe = profile?.authorities.includes('chat') ?? false;
  const shortcuts: Shortcut[] = [
    { key: 'workbench', path: canServe ? WORKBENCH_PATH : null, icon: <CustomerServiceOutlined /> },
    { key: 'tickets', path: pathOf('ticket/my'), icon: <SolutionOutlined /> },
    { key: 'records', path: pathOf('kefu/thread'), icon: <HistoryOutlined /> },
    { key: 'analysis', path: pathOf('dashboard/analysis'), icon: <AreaChartOutlined /> },
    { key: 'monitor', path: pathOf('dashboard/monitor'), icon: <FundOutlined /> },
    { key: 'preview', path: pathOf('dashboard/preview'), icon: <EyeOutlined /> },
    { key: 'guide', path: pathOf('dashboard/guide'), icon: <CompassOutlined /> },
  ];
  const available = shortcuts.filter((shortcut) => shortcut.path !== null);
  if (available.length === 0) return null;
  return (
    <Card title={t('workplace.shortcuts.title')} style={{ marginTop: 24 }}>
      <nav aria-label={t('workplace.shortcuts.title')} className="ok-dashboard-shortcuts">
        {available.map((shortcut) => (
          <Link key={shortcut.key} to={shortcut.path ?? '/'} className="ok-dashboard-shortcut">
            <span className="ok-workplace__icon">{shortcut.icon}</span>
            <span>{t(`workplace.shortcuts.${shortcut.key}`)}</span>
          </Link>
        ))}
      </nav>
    </Card>
  );
};

/**
 * Dashboard → workplace: the greeting and the user's card, the user's own figures today against
 * yesterday with their open conversations and tickets, the team's live status, shortcuts to the
 * common tasks, quick links to every section and the first steps.
 */
export const WorkplacePage = () => {
  const { t } = useTranslation('app');
  const profile = useProfile();
  const session = useSession();
  const sections = session
    ? listMenuSections(session.table).filter((section) => section.name !== DASHBOARD && !section.isExternal)
    : [];

  return (
    <div className="ok-workplace">
      {profile ? (
        <UserCard profile={profile} />
      ) : (
        <Card>
          <Skeleton avatar active />
        </Card>
      )}
      <LiveCards />
      <Shortcuts profile={profile} />
      <Row gutter={[24, 24]} style={{ marginTop: 24 }}>
        <Col xs={24} xl={16}>
          <Card title={t('workplace.quickLinks')} className="ok-workplace__sections">
            {session ? <QuickLinks sections={sections} /> : <Skeleton active />}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('workplace.gettingStarted')}>
            <ol className="ok-workplace__steps">
              {gettingStartedSteps.map((step) => (
                <li key={step}>{t(`workplace.steps.${step}`)}</li>
              ))}
            </ol>
          </Card>
        </Col>
      </Row>
    </div>
  );
};
