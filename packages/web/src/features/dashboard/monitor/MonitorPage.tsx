import '../shared/i18n';
import '../shared/dashboard.css';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Card,
  Col,
  Empty,
  Form,
  InputNumber,
  Modal,
  Result,
  Row,
  Skeleton,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import {
  dashboardMonitorSchema,
  monitorSnapshotEvent,
  type AgentActivity,
  type DashboardMonitor,
  type MonitorAgent,
  type MonitorQueue,
} from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { useProfile } from '../../../shared/auth/profileStore';
import { useLanguage } from '../../../shared/i18n';
import { createMonitorSocket, type ChatSocket } from '../../agent/realtime/chatSocket';
import { RealtimeProvider, useRealtime } from '../../agent/realtime/RealtimeProvider';
import { fetchMonitor } from '../shared/api';
import { browserTimeZone, formatFigure, NO_FIGURE } from '../shared/format';
import { DASHBOARD_NS } from '../shared/i18n';
import { useClock } from './clock';
import {
  alertsOf,
  loadThresholds,
  saveThresholds,
  type MonitorAlerts,
  type MonitorThresholds,
} from './thresholds';

const ACTIVITY_COLORS: Record<AgentActivity, string> = {
  online: 'green',
  busy: 'red',
  away: 'orange',
  offline: 'default',
};

const monitorKey = (tz: string) => ['dashboard', 'monitor', tz] as const;

/**
 * Dashboard → monitor (`/stable/dashboard/monitor`, a route without a menu item): the wallboard for
 * a big screen. The first picture comes from `GET /api/dashboard/monitor`; after that the server
 * pushes a snapshot every few seconds over the `/monitor` Socket.IO namespace (no polling), and wait
 * times tick on locally in between. Tiles past their thresholds turn red.
 */
export const MonitorPage = ({ socket }: { socket?: ChatSocket }) => {
  const { t } = useTranslation(DASHBOARD_NS);
  const profile = useProfile();
  if (profile && !profile.authorities.includes('monitor'))
    return <Result status="info" title={t('monitor.noAccessTitle')} subTitle={t('monitor.noAccessText')} />;
  return <LiveWallboard given={socket} />;
};

const LiveWallboard = ({ given }: { given?: ChatSocket }) => {
  const [tz] = useState(browserTimeZone);
  const [socket] = useState(() => given ?? createMonitorSocket(tz));
  // The provider leaves a socket it was given open; this one is the page's to close.
  useEffect(() => () => (given ? undefined : socket.disconnect()), [socket, given]);
  return (
    <RealtimeProvider socket={socket}>
      <Wallboard tz={tz} />
    </RealtimeProvider>
  );
};

const Wallboard = ({ tz }: { tz: string }) => {
  const { t } = useTranslation(DASHBOARD_NS);
  const queryClient = useQueryClient();
  const { socket, connection, reconnect } = useRealtime();
  const [thresholds, setThresholds] = useState<MonitorThresholds>(loadThresholds);
  const [isEditing, setEditing] = useState(false);
  const board = useRef<HTMLDivElement>(null);
  const isFullscreen = useFullscreen();
  const query = useQuery({
    queryKey: monitorKey(tz),
    queryFn: () => fetchMonitor(tz),
    // Pushes keep it fresh; the HTTP call is only the first picture (and a retry after an error).
    staleTime: Infinity,
  });

  useEffect(() => {
    const listener = (payload: unknown) => {
      const parsed = dashboardMonitorSchema.safeParse(payload);
      if (parsed.success) queryClient.setQueryData(monitorKey(tz), parsed.data);
    };
    socket.on(monitorSnapshotEvent, listener);
    return () => socket.off(monitorSnapshotEvent, listener);
  }, [socket, queryClient, tz]);

  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void board.current?.requestFullscreen();
  };

  return (
    <div ref={board} className="ok-wallboard">
      <div className="ok-wallboard__head">
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('monitor.title')}
        </Typography.Title>
        <Space wrap>
          {query.data ? (
            <Typography.Text type="secondary">
              {t('monitor.updatedAt', { time: dayjs(query.data.at).format('HH:mm:ss') })}
            </Typography.Text>
          ) : null}
          <ConnectionBadge connection={connection} onReconnect={reconnect} />
          <Button icon={<SettingOutlined />} onClick={() => setEditing(true)}>
            {t('monitor.thresholds')}
          </Button>
          {document.fullscreenEnabled ? (
            <Button
              icon={isFullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              onClick={toggleFullscreen}
            >
              {isFullscreen ? t('monitor.exitFullscreen') : t('monitor.fullscreen')}
            </Button>
          ) : null}
        </Space>
      </div>
      {query.isError && !query.data ? (
        <Alert
          type="error"
          showIcon
          title={t('monitor.loadFailed')}
          description={parseError(query.error).message}
          action={<Button onClick={() => void query.refetch()}>{t('common.retry')}</Button>}
        />
      ) : query.data ? (
        <Board snapshot={query.data} receivedAt={query.dataUpdatedAt} thresholds={thresholds} />
      ) : (
        <Skeleton active paragraph={{ rows: 12 }} />
      )}
      <ThresholdsDialog
        isOpen={isEditing}
        value={thresholds}
        onClose={() => setEditing(false)}
        onSave={(next) => {
          saveThresholds(next);
          setThresholds(next);
          setEditing(false);
        }}
      />
    </div>
  );
};

const useFullscreen = (): boolean => {
  const [isFullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  return isFullscreen;
};

const ConnectionBadge = ({
  connection,
  onReconnect,
}: {
  connection: ReturnType<typeof useRealtime>['connection'];
  onReconnect: () => void;
}) => {
  const { t } = useTranslation(DASHBOARD_NS);
  if (connection === 'connected') return <Badge status="processing" color="green" text={t('monitor.live')} />;
  if (connection === 'ended')
    return (
      <Space size={4}>
        <Badge status="error" text={t('monitor.disconnected')} />
        <Button size="small" onClick={onReconnect}>
          {t('monitor.reconnect')}
        </Button>
      </Space>
    );
  return (
    <Badge
      status="warning"
      text={connection === 'connecting' ? t('monitor.connecting') : t('monitor.reconnecting')}
    />
  );
};

/** Seconds since `at` on the server's clock (the wallboard's own clock may be off). */
const useWaitSeconds = (at: number | null, offset: number): number | null => {
  const now = useClock();
  return at === null ? null : Math.max(0, Math.round((now + offset - at) / 1000));
};

const Tile = ({
  label,
  value,
  hint,
  isAlert = false,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  isAlert?: boolean;
}) => {
  const { t } = useTranslation(DASHBOARD_NS);
  return (
    <Card size="small" className={`ok-wallboard__tile${isAlert ? ' is-alert' : ''}`}>
      <div className="ok-wallboard__label">{label}</div>
      <div className="ok-wallboard__value">{value}</div>
      {hint ? <div className="ok-wallboard__hint">{hint}</div> : null}
      {isAlert ? <span className="ok-dashboard-sr-only">{t('monitor.overThreshold')}</span> : null}
    </Card>
  );
};

const Board = ({
  snapshot,
  receivedAt,
  thresholds,
}: {
  snapshot: DashboardMonitor;
  receivedAt: number;
  thresholds: MonitorThresholds;
}) => {
  const { t } = useTranslation(DASHBOARD_NS);
  const language = useLanguage();
  const offset = snapshot.at - receivedAt;
  const longestWait = useWaitSeconds(snapshot.queue.oldestQueuedAt, offset);
  const alerts = alertsOf(snapshot, longestWait, thresholds);
  const { agents, conversations, today } = snapshot;
  const duration = (seconds: number | null | undefined) => formatFigure(seconds ?? null, 'seconds', language);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={8} xl={4}>
          <Tile
            label={t('monitor.waiting')}
            value={snapshot.queue.waiting}
            hint={t('monitor.thresholdHint', { value: thresholds.waiting })}
            isAlert={alerts.waiting}
          />
        </Col>
        <Col xs={12} md={8} xl={5}>
          <Tile
            label={t('monitor.longestWait')}
            value={longestWait === null ? NO_FIGURE : duration(longestWait)}
            hint={t('monitor.thresholdHint', { value: duration(thresholds.longestWaitSeconds) })}
            isAlert={alerts.longestWait}
          />
        </Col>
        <Col xs={12} md={8} xl={5}>
          <Tile label={t('monitor.chatting')} value={conversations.chatting} />
        </Col>
        <Col xs={12} md={8} xl={5}>
          <Tile label={t('monitor.robot')} value={conversations.robot} />
        </Col>
        <Col xs={24} md={8} xl={5}>
          <Tile
            label={t('monitor.agentsOnline')}
            value={t('monitor.ofTotal', { online: agents.online, total: agents.total })}
            isAlert={snapshot.queue.waiting > 0 && agents.online === 0}
          />
        </Col>
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('monitor.agentsTitle')}>
            <Row gutter={[8, 8]} className="ok-wallboard__activities">
              {(['online', 'busy', 'away', 'offline'] as const).map((activity) => (
                <Col key={activity} span={6}>
                  <div className={`ok-wallboard__activity ok-wallboard__activity--${activity}`}>
                    <div className="ok-wallboard__value">{agents[activity]}</div>
                    <Tag color={ACTIVITY_COLORS[activity]}>{t(`activity.${activity}`)}</Tag>
                  </div>
                </Col>
              ))}
            </Row>
            <AgentList agents={agents.list} total={agents.total} />
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Space orientation="vertical" size={16} style={{ width: '100%' }}>
            {today ? (
              <Card size="small" title={t('monitor.todayTitle')}>
                <Row gutter={[12, 12]}>
                  <Col xs={12} md={6}>
                    <Tile
                      label={t('monitor.today.new')}
                      value={formatFigure(today.conversationsNew, 'count', language)}
                    />
                  </Col>
                  <Col xs={12} md={6}>
                    <Tile
                      label={t('monitor.today.accepted')}
                      value={formatFigure(today.conversationsAccepted, 'count', language)}
                    />
                  </Col>
                  <Col xs={12} md={6}>
                    <Tile
                      label={t('monitor.today.missed')}
                      value={formatFigure(today.conversationsMissed, 'count', language)}
                    />
                  </Col>
                  <Col xs={12} md={6}>
                    <Tile
                      label={t('monitor.today.abandonment')}
                      value={formatFigure(today.abandonmentRate, 'share', language)}
                      hint={t('monitor.thresholdHint', { value: `${thresholds.abandonmentPercent}%` })}
                      isAlert={alerts.abandonment}
                    />
                  </Col>
                  <Col xs={12} md={8}>
                    <Tile label={t('monitor.today.queueTime')} value={duration(today.queueTimeAvg)} />
                  </Col>
                  <Col xs={12} md={8}>
                    <Tile
                      label={t('monitor.today.firstResponse')}
                      value={duration(today.firstResponseAvg)}
                      hint={t('monitor.thresholdHint', { value: duration(thresholds.firstResponseSeconds) })}
                      isAlert={alerts.firstResponse}
                    />
                  </Col>
                  <Col xs={24} md={8}>
                    <Tile
                      label={t('monitor.today.satisfaction')}
                      value={formatFigure(today.satisfactionAvg, 'score', language)}
                      hint={t('monitor.minimumHint', { value: thresholds.minSatisfaction })}
                      isAlert={alerts.satisfaction}
                    />
                  </Col>
                </Row>
              </Card>
            ) : null}
            <Card size="small" title={t('monitor.queuesTitle')}>
              <QueueTable groups={snapshot.queue.groups} offset={offset} alerts={alerts} />
            </Card>
          </Space>
        </Col>
      </Row>
    </Space>
  );
};

const WaitCell = ({
  group,
  offset,
  alerts,
}: {
  group: MonitorQueue;
  offset: number;
  alerts: MonitorAlerts;
}) => {
  const language = useLanguage();
  const wait = useWaitSeconds(group.oldestQueuedAt, offset);
  const isAlert = alerts.group(group, wait);
  return (
    <Typography.Text type={isAlert ? 'danger' : undefined} strong={isAlert}>
      {wait === null ? NO_FIGURE : formatFigure(wait, 'seconds', language)}
    </Typography.Text>
  );
};

const QueueTable = ({
  groups,
  offset,
  alerts,
}: {
  groups: MonitorQueue[];
  offset: number;
  alerts: MonitorAlerts;
}) => {
  const { t } = useTranslation(DASHBOARD_NS);
  return (
    <Table<MonitorQueue>
      size="small"
      rowKey={(group) => group.wid ?? 'appointed'}
      pagination={false}
      dataSource={groups}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitor.noGroups')} />,
      }}
      columns={[
        {
          title: t('monitor.group'),
          key: 'group',
          render: (_, group) => (group.wid === null ? t('monitor.appointed') : group.nickname),
        },
        {
          title: t('monitor.waiting'),
          key: 'waiting',
          align: 'right',
          render: (_, group) => (
            <Typography.Text
              type={
                group.waiting > 0 && group.wid !== null && group.agentsOnline === 0 ? 'danger' : undefined
              }
            >
              {group.waiting}
            </Typography.Text>
          ),
        },
        {
          title: t('monitor.longestWait'),
          key: 'wait',
          align: 'right',
          render: (_, group) => <WaitCell group={group} offset={offset} alerts={alerts} />,
        },
        {
          title: t('monitor.groupAgents'),
          key: 'agents',
          align: 'right',
          render: (_, group) => (group.wid === null ? NO_FIGURE : group.agentsOnline),
        },
      ]}
    />
  );
};

const AgentList = ({ agents, total }: { agents: MonitorAgent[]; total: number }) => {
  const { t } = useTranslation(DASHBOARD_NS);
  if (agents.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitor.noAgents')} />;
  return (
    <>
      <ul className="ok-wallboard__agents" aria-label={t('monitor.agentsTitle')}>
        {agents.map((agent) => (
          <li key={agent.uid} className={`ok-wallboard__agent ok-wallboard__agent--${agent.activity}`}>
            <Avatar size="small" src={agent.avatar || undefined} icon={<UserOutlined />} alt="" />
            <span className="ok-wallboard__agent-name">{agent.nickname}</span>
            <Tag color={ACTIVITY_COLORS[agent.activity]}>{t(`activity.${agent.activity}`)}</Tag>
            <Tooltip title={t('monitor.loadTip')}>
              <span className="ok-wallboard__load">
                {agent.maxConversations > 0
                  ? `${agent.openConversations} / ${agent.maxConversations}`
                  : agent.openConversations}
              </span>
            </Tooltip>
          </li>
        ))}
      </ul>
      {total > agents.length ? (
        <Typography.Text type="secondary">
          {t('monitor.moreAgents', { count: total - agents.length })}
        </Typography.Text>
      ) : null}
    </>
  );
};

const ThresholdsDialog = ({
  isOpen,
  value,
  onClose,
  onSave,
}: {
  isOpen: boolean;
  value: MonitorThresholds;
  onClose: () => void;
  onSave: (next: MonitorThresholds) => void;
}) => {
  const { t } = useTranslation(DASHBOARD_NS);
  const [form] = Form.useForm<MonitorThresholds>();
  useEffect(() => {
    if (isOpen) form.setFieldsValue(value);
  }, [isOpen, value, form]);
  const field = (name: keyof MonitorThresholds, max: number, step = 1) => (
    <Form.Item
      name={name}
      label={t(`monitor.threshold.${name}`)}
      rules={[{ required: true, message: t('monitor.threshold.required') }]}
    >
      <InputNumber min={0} max={max} step={step} style={{ width: '100%' }} />
    </Form.Item>
  );
  return (
    <Modal
      open={isOpen}
      title={t('monitor.thresholdsTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => void form.validateFields().then(onSave)}
      forceRender
    >
      <Typography.Paragraph type="secondary">{t('monitor.thresholdsIntro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={value}>
        {field('waiting', 10_000)}
        {field('longestWaitSeconds', 86_400, 10)}
        {field('firstResponseSeconds', 86_400, 10)}
        {field('abandonmentPercent', 100)}
        {field('minSatisfaction', 5, 0.1)}
      </Form>
    </Modal>
  );
};
