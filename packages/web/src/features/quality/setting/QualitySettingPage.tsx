import '../shared/i18n';
import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  InputNumber,
  Popconfirm,
  Row,
  Skeleton,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { QualityRule, QualityRuleKind, QualityScheme } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { useCan } from '../../../shared/components/Authorized/useCan';
import { deleteScheme, fetchRules, fetchSchemes, saveRule } from '../shared/api';
import { QUALITY_NS } from '../shared/i18n';
import { SchemeEditor } from './SchemeEditor';

const schemesKey = ['quality', 'schemes'] as const;
const rulesKey = ['quality', 'rules'] as const;

/** Contract `qualityRuleKindValues`, with each kind's threshold range (none for sensitive words). */
const RULE_KINDS: { kind: QualityRuleKind; min: number; max: number; initial: number }[] = [
  { kind: 'percent', min: 1, max: 100, initial: 5 },
  { kind: 'lowRating', min: 1, max: 5, initial: 2 },
  { kind: 'sensitiveWord', min: 0, max: 0, initial: 0 },
  { kind: 'slowFirstResponse', min: 1, max: 1440, initial: 3 },
];

/** Quality → schemes (`/stable/quality/setting`): scoring schemes and the sampling rules. */
export const QualitySettingPage = () => (
  <Row gutter={[16, 16]}>
    <Col xs={24} xl={15}>
      <SchemeList />
    </Col>
    <Col xs={24} xl={9}>
      <RuleList />
    </Col>
  </Row>
);

const SchemeList = () => {
  const { t } = useTranslation(QUALITY_NS);
  const { message } = App.useApp();
  const canDo = useCan();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<QualityScheme | 'new' | null>(null);
  const query = useQuery({ queryKey: schemesKey, queryFn: fetchSchemes });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: schemesKey });
  const remove = useMutation({
    mutationFn: deleteScheme,
    onSuccess: () => {
      message.success(t('setting.deleted'));
      refresh();
    },
    onError: reportUnlessHandled,
  });

  const columns: ProColumns<QualityScheme>[] = [
    {
      title: t('editor.name'),
      dataIndex: 'name',
      render: (_, row) => (
        <Space>
          <Typography.Link onClick={() => setEditing(row)}>{row.name}</Typography.Link>
          {row.isDefault ? <Tag color="blue">{t('setting.default')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('editor.criteria'),
      dataIndex: 'criteria',
      render: (_, row) =>
        row.criteria.map((criterion) => `${criterion.name} ${criterion.weight}%`).join(' · '),
    },
    { title: t('setting.passMark'), dataIndex: 'passMark', width: 90 },
    {
      title: t('setting.groups'),
      dataIndex: 'workgroups',
      render: (_, row) =>
        row.workgroups.length > 0
          ? row.workgroups.map((group) => <Tag key={group.wid}>{group.nickname}</Tag>)
          : row.isDefault
            ? t('setting.noGroups')
            : '—',
    },
    {
      title: t('columns.action'),
      valueType: 'option',
      width: 130,
      render: (_, row) => [
        canDo('quality.setting.edit') ? (
          <Typography.Link key="edit" onClick={() => setEditing(row)}>
            {t('actions.edit')}
          </Typography.Link>
        ) : null,
        canDo('quality.setting.delete') && !row.isDefault ? (
          <Popconfirm
            key="delete"
            title={t('setting.deleteConfirm')}
            okText={t('actions.delete')}
            cancelText={t('actions.cancel')}
            onConfirm={() => remove.mutateAsync(row.qsid).catch(() => undefined)}
          >
            <Typography.Link type="danger">{t('actions.delete')}</Typography.Link>
          </Popconfirm>
        ) : null,
      ],
    },
  ];

  return (
    <>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title={parseError(query.error).message}
          action={<Button onClick={() => void query.refetch()}>{t('actions.retry')}</Button>}
        />
      ) : (
        <ProTable<QualityScheme>
          rowKey="qsid"
          headerTitle={t('setting.schemes')}
          columns={columns}
          dataSource={query.data ?? []}
          loading={query.isPending}
          search={false}
          pagination={false}
          options={false}
          locale={{ emptyText: t('setting.empty') }}
          toolBarRender={() =>
            canDo('quality.setting.edit')
              ? [
                  <Button key="new" type="primary" onClick={() => setEditing('new')}>
                    {t('setting.newScheme')}
                  </Button>,
                ]
              : []
          }
        />
      )}
      <SchemeEditor
        open={editing !== null}
        scheme={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
    </>
  );
};

const RuleList = () => {
  const { t } = useTranslation(QUALITY_NS);
  const query = useQuery({ queryKey: rulesKey, queryFn: fetchRules });
  return (
    <Card size="small" title={t('setting.rules')}>
      <Typography.Paragraph type="secondary">{t('setting.rulesHint')}</Typography.Paragraph>
      {query.isError ? (
        <Alert type="error" showIcon title={parseError(query.error).message} />
      ) : query.isPending ? (
        <Skeleton active />
      ) : (
        RULE_KINDS.map((entry) => (
          <RuleRow key={entry.kind} {...entry} rule={query.data.find((rule) => rule.kind === entry.kind)} />
        ))
      )}
    </Card>
  );
};

const RuleRow = ({
  kind,
  min,
  max,
  initial,
  rule,
}: {
  kind: QualityRuleKind;
  min: number;
  max: number;
  initial: number;
  rule: QualityRule | undefined;
}) => {
  const { t } = useTranslation(QUALITY_NS);
  const { message } = App.useApp();
  const canEdit = useCan()('quality.setting.edit');
  const queryClient = useQueryClient();
  const [threshold, setThreshold] = useState<number>(rule?.threshold ?? initial);
  const mutation = useMutation({
    mutationFn: (enabled: boolean) => saveRule({ qrid: rule?.qrid, kind, threshold, enabled }),
    onSuccess: () => {
      message.success(t('setting.ruleSaved'));
      void queryClient.invalidateQueries({ queryKey: rulesKey });
    },
    onError: reportUnlessHandled,
  });
  const label = t(`setting.ruleKinds.${kind}`);
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        justifyContent: 'space-between',
        padding: '8px 0',
      }}
    >
      <span>{label}</span>
      <Space>
        {max > 0 ? (
          <InputNumber
            aria-label={label}
            size="small"
            min={min}
            max={max}
            precision={0}
            value={threshold}
            disabled={!canEdit}
            onChange={(value) => setThreshold(Number(value ?? min))}
            onBlur={() => {
              if (rule?.enabled && threshold !== rule.threshold) mutation.mutate(true);
            }}
            style={{ width: 80 }}
          />
        ) : null}
        <Switch
          aria-label={`${label}: ${t('setting.enabled')}`}
          checked={rule?.enabled ?? false}
          loading={mutation.isPending}
          disabled={!canEdit}
          onChange={(checked) => mutation.mutate(checked)}
        />
      </Space>
    </div>
  );
};
