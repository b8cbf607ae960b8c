import '../insight/i18n';
import { useEffect, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  InputNumber,
  Popconfirm,
  Progress,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LlmProvider, LlmProviderTestResult, User } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { useCan } from '../../../shared/components/Authorized';
import { formatTime } from '../shared/display';
import {
  assignProvider,
  deleteProvider,
  fetchLlmSettings,
  fetchProviders,
  fetchRobots,
  saveLlmSettings,
  testProvider,
} from '../insight/api';
import { ROBOT_INSIGHT_NS } from '../insight/i18n';
import { ProviderFormModal } from './ProviderFormModal';

const LLM_TYPES = new Set(['zhipuai_platform', 'zhipuai_private']);

/**
 * Robot → large models (`/stable/robot/zhipuai`, admin only): providers speaking the
 * OpenAI-compatible protocol (keys write-only), a test per provider, which robot of type zhipuai_*
 * answers with which, and the organisation's daily token limit.
 */
export const ZhipuaiPage = () => {
  const { t } = useTranslation(ROBOT_INSIGHT_NS);
  const { message: toast } = App.useApp();
  const canDo = useCan();
  const canAdd = canDo('robot.zhipuai.add');
  const canEdit = canDo('robot.zhipuai.edit');
  const canDelete = canDo('robot.zhipuai.delete');
  const [editing, setEditing] = useState<LlmProvider | null | undefined>(undefined);
  const [testing, setTesting] = useState<string | null>(null);
  const [results, setResults] = useState<Record<string, LlmProviderTestResult>>({});
  const providers = useQuery({ queryKey: ['robot', 'llm', 'providers'], queryFn: fetchProviders });

  const test = async (provider: LlmProvider) => {
    setTesting(provider.pid);
    try {
      const result = await testProvider(provider.pid);
      setResults((current) => ({ ...current, [provider.pid]: result }));
    } catch (error) {
      reportUnlessHandled(error);
    } finally {
      setTesting(null);
    }
  };

  const remove = async (provider: LlmProvider) => {
    try {
      await deleteProvider(provider.pid);
      void toast.success(t('zhipuai.deleted', { name: provider.name }));
      void providers.refetch();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  return (
    <Flex vertical gap={16} className="ok-robot-zhipuai">
      <TokenLimitCard canEdit={canEdit} />
      <Card
        size="small"
        title={t('zhipuai.providers')}
        extra={
          canAdd ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
              {t('zhipuai.add')}
            </Button>
          ) : null
        }
      >
        {providers.isError ? (
          <Alert
            type="error"
            showIcon
            title={t('zhipuai.loadFailed')}
            description={parseError(providers.error).message}
            action={<Button onClick={() => void providers.refetch()}>{t('actions.retry')}</Button>}
          />
        ) : (
          <Table<LlmProvider>
            rowKey="pid"
            size="small"
            loading={providers.isFetching}
            dataSource={providers.data ?? []}
            pagination={false}
            scroll={{ x: 1000 }}
            locale={{ emptyText: t('zhipuai.empty') }}
            columns={[
              {
                title: t('zhipuai.fields.name'),
                dataIndex: 'name',
                render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
              },
              {
                title: t('zhipuai.fields.baseUrl'),
                dataIndex: 'baseUrl',
                render: (url: string) => <Typography.Text code>{url}</Typography.Text>,
              },
              { title: t('zhipuai.fields.model'), dataIndex: 'model' },
              { title: t('zhipuai.fields.apiKey'), dataIndex: 'apiKeyHint', width: 110 },
              {
                title: t('zhipuai.robotCount'),
                key: 'robots',
                width: 90,
                align: 'right',
                render: (_, row) => row.robots.length,
              },
              {
                title: t('zhipuai.updatedAt'),
                key: 'updatedAt',
                width: 150,
                render: (_, row) => formatTime(row.updatedAt),
              },
              {
                title: t('zhipuai.testResult'),
                key: 'result',
                width: 240,
                render: (_, row) => <TestResult result={results[row.pid]} />,
              },
              {
                title: t('zhipuai.actions'),
                key: 'actions',
                width: 190,
                fixed: 'right',
                render: (_, row) => (
                  <Space size={4}>
                    <Button
                      type="link"
                      size="small"
                      loading={testing === row.pid}
                      onClick={() => void test(row)}
                    >
                      {t('zhipuai.test')}
                    </Button>
                    {canEdit && (
                      <Button type="link" size="small" onClick={() => setEditing(row)}>
                        {t('actions.edit')}
                      </Button>
                    )}
                    {canDelete && (
                      <Popconfirm
                        title={t('zhipuai.deleteConfirm', { name: row.name })}
                        description={t('zhipuai.deleteHint')}
                        okText={t('actions.delete')}
                        okButtonProps={{ danger: true }}
                        cancelText={t('actions.cancel')}
                        onConfirm={() => remove(row)}
                      >
                        <Button type="link" size="small" danger>
                          {t('actions.delete')}
                        </Button>
                      </Popconfirm>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        )}
      </Card>
      <RobotsCard
        providers={providers.data ?? []}
        canEdit={canEdit}
        onAssigned={() => void providers.refetch()}
      />
      {editing !== undefined && (
        <ProviderFormModal
          editing={editing}
          onClose={() => setEditing(undefined)}
          onSaved={(provider) => {
            setEditing(undefined);
            void toast.success(t('zhipuai.saved', { name: provider.name }));
            void providers.refetch();
          }}
        />
      )}
    </Flex>
  );
};

const TestResult = ({ result }: { result: LlmProviderTestResult | undefined }) => {
  const { t } = useTranslation(ROBOT_INSIGHT_NS);
  if (!result) return <Typography.Text type="secondary">{t('zhipuai.notTested')}</Typography.Text>;
  return (
    <Flex vertical gap={2} data-testid="llm-test-result">
      <span>
        <Tag color={result.ok ? 'success' : 'error'}>
          {t(result.ok ? 'zhipuai.testOk' : 'zhipuai.testFailed')}
        </Tag>
        <Typography.Text type="secondary">{t('zhipuai.latency', { ms: result.latencyMs })}</Typography.Text>
      </span>
      <Typography.Text ellipsis={{ tooltip: result.message }} style={{ maxWidth: 220 }}>
        {result.message}
      </Typography.Text>
    </Flex>
  );
};

/** The robots of type zhipuai_* and the provider each answers with. */
const RobotsCard = ({
  providers,
  canEdit,
  onAssigned,
}: {
  providers: LlmProvider[];
  canEdit: boolean;
  onAssigned: () => void;
}) => {
  const { t } = useTranslation(ROBOT_INSIGHT_NS);
  const { message: toast } = App.useApp();
  const [saving, setSaving] = useState<string | null>(null);
  const robots = useQuery({ queryKey: ['robot', 'llm', 'robots'], queryFn: fetchRobots, retry: false });
  const rows = (robots.data ?? []).filter(
    (robot) => robot.robotType !== null && LLM_TYPES.has(robot.robotType),
  );
  // '' stands for "no provider" in the picker (a pid is never empty).
  const providerOf = (uid: string) => providers.find((provider) => provider.robots.includes(uid))?.pid ?? '';

  const assign = async (robot: User, pid: string | null) => {
    setSaving(robot.uid);
    try {
      await assignProvider(robot.uid, pid);
      const name = providers.find((provider) => provider.pid === pid)?.name;
      void toast.success(
        name
          ? t('zhipuai.assigned', { robot: robot.nickname, name })
          : t('zhipuai.unassigned', { robot: robot.nickname }),
      );
      onAssigned();
    } catch (error) {
      reportUnlessHandled(error);
    } finally {
      setSaving(null);
    }
  };

  return (
    <Card size="small" title={t('zhipuai.robots')}>
      {robots.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('zhipuai.robotsFailed')}
          description={parseError(robots.error).message}
          action={<Button onClick={() => void robots.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : (
        <Table<User>
          rowKey="uid"
          size="small"
          loading={robots.isFetching}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: t('zhipuai.noRobots') }}
          columns={[
            {
              title: t('zhipuai.robot'),
              key: 'nickname',
              render: (_, robot) => (
                <Typography.Text strong>{robot.nickname || robot.username}</Typography.Text>
              ),
            },
            {
              title: t('zhipuai.robotType'),
              key: 'robotType',
              width: 180,
              render: (_, robot) => <Tag>{t(`zhipuai.types.${robot.robotType ?? 'zhipuai_platform'}`)}</Tag>,
            },
            {
              title: t('zhipuai.provider'),
              key: 'provider',
              width: 280,
              render: (_, robot) => (
                <Select<string>
                  id={`robot-llm-provider-${robot.uid}`}
                  aria-label={t('zhipuai.providerOf', { robot: robot.nickname || robot.username })}
                  style={{ width: 240 }}
                  disabled={!canEdit}
                  loading={saving === robot.uid}
                  value={providerOf(robot.uid)}
                  onChange={(pid) => void assign(robot, pid || null)}
                  options={[
                    { value: '', label: t('zhipuai.none') },
                    ...providers.map((provider) => ({ value: provider.pid, label: provider.name })),
                  ]}
                />
              ),
            },
          ]}
        />
      )}
    </Card>
  );
};

/** The organisation's daily token limit and today's use. */
const TokenLimitCard = ({ canEdit }: { canEdit: boolean }) => {
  const { t } = useTranslation(ROBOT_INSIGHT_NS);
  const { message: toast } = App.useApp();
  const settings = useQuery({ queryKey: ['robot', 'llm', 'settings'], queryFn: fetchLlmSettings });
  const [limit, setLimit] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const saved = settings.data?.dailyTokenLimit;

  useEffect(() => {
    if (saved !== undefined) setLimit(saved);
  }, [saved]);

  const save = async () => {
    if (limit === null) return;
    setSaving(true);
    try {
      await saveLlmSettings(limit);
      void toast.success(t('zhipuai.limitSaved'));
      void settings.refetch();
    } catch (error) {
      reportUnlessHandled(error);
    } finally {
      setSaving(false);
    }
  };

  if (settings.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('zhipuai.settingsFailed')}
        description={parseError(settings.error).message}
        action={<Button onClick={() => void settings.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  if (settings.isPending)
    return (
      <Card size="small">
        <Skeleton active paragraph={{ rows: 2 }} />
      </Card>
    );

  const { dailyTokenLimit, usedToday, answersToday } = settings.data;
  const used = dailyTokenLimit > 0 ? Math.min(100, Math.round((usedToday / dailyTokenLimit) * 100)) : 0;

  return (
    <Card size="small" title={t('zhipuai.limitTitle')}>
      <Flex gap={32} wrap align="center">
        <Statistic title={t('zhipuai.usedToday')} value={usedToday} />
        <Statistic title={t('zhipuai.answersToday')} value={answersToday} />
        <div style={{ minWidth: 220 }}>
          {dailyTokenLimit > 0 ? (
            <Progress
              percent={used}
              status={used >= 100 ? 'exception' : 'normal'}
              aria-label={t('zhipuai.usedOf', { used: usedToday, limit: dailyTokenLimit })}
            />
          ) : (
            <Typography.Text type="warning">{t('zhipuai.off')}</Typography.Text>
          )}
        </div>
        <Space>
          <label htmlFor="robot-llm-limit">{t('zhipuai.limit')}</label>
          <InputNumber<number>
            id="robot-llm-limit"
            min={0}
            max={1_000_000_000}
            precision={0}
            step={10_000}
            style={{ width: 180 }}
            disabled={!canEdit}
            value={limit}
            onChange={setLimit}
          />
          {canEdit && (
            <Button
              type="primary"
              loading={saving}
              disabled={limit === null || limit === saved}
              onClick={() => void save()}
            >
              {t('actions.save')}
            </Button>
          )}
        </Space>
      </Flex>
      <Typography.Text type="secondary">{t('zhipuai.limitHint')}</Typography.Text>
    </Card>
  );
};
