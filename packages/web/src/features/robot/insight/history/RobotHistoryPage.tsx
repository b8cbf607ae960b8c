import '../i18n';
import { useState } from 'react';
import dayjs from 'dayjs';
import { Space, Tag, Typography } from 'antd';
import { DislikeOutlined, LikeOutlined } from '@ant-design/icons';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RobotHistoryOutcome, RobotHistoryRow } from '@openkefu/contract';
import { reportUnlessHandled } from '../../../../shared/api/reportError';
import { useCan } from '../../../../shared/components/Authorized';
import { usePageRequest, type PageQuery } from '../../../../shared/table/usePageRequest';
import { formatTime } from '../../shared/display';
import { useWorkgroupOptions } from '../../shared/hooks';
import { fetchRobotHistory } from '../api';
import { ROBOT_INSIGHT_NS } from '../i18n';
import { TRAINING_PATH } from '../paths';
import { TranscriptDrawer } from './TranscriptDrawer';

const OUTCOMES: RobotHistoryOutcome[] = ['answered', 'unanswered', 'transferred', 'unhelpful'];

/** The search form's fields (`period` becomes `from`/`to`). */
type SearchFields = { period?: [string, string]; wid?: string; outcome?: RobotHistoryOutcome };

/**
 * Robot → history (`/stable/robot/history`): the conversations the robot took, filtered by date,
 * skill group and outcome; each opens its transcript.
 */
export const RobotHistoryPage = () => {
  const { t } = useTranslation(ROBOT_INSIGHT_NS);
  const workgroups = useWorkgroupOptions();
  // The training queue has no menu item (spec §2): it is reached from here and from the statistics.
  const canTrain = useCan()('robot.training.query');
  const [open, setOpen] = useState<RobotHistoryRow | null>(null);

  const request = usePageRequest<RobotHistoryRow, SearchFields>(
    ({ period, wid, outcome, page, size }: PageQuery<SearchFields>) =>
      fetchRobotHistory({
        page,
        size,
        wid,
        outcome,
        from: period ? dayjs(period[0]).startOf('day').valueOf() : undefined,
        to: period ? dayjs(period[1]).endOf('day').valueOf() : undefined,
      }),
    { onError: reportUnlessHandled },
  );

  const columns: ProColumns<RobotHistoryRow>[] = [
    {
      title: t('history.period'),
      dataIndex: 'period',
      hideInTable: true,
      valueType: 'dateRange',
      fieldProps: { placeholder: [t('history.periodStart'), t('history.periodEnd')] },
    },
    {
      title: t('history.group'),
      dataIndex: 'wid',
      hideInTable: true,
      ...(workgroups.options.length === 0 ? { search: false as const } : {}),
      valueType: 'select',
      fieldProps: { options: workgroups.options, showSearch: true, optionFilterProp: 'label' },
    },
    {
      title: t('history.outcome'),
      dataIndex: 'outcome',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { options: OUTCOMES.map((value) => ({ value, label: t(`history.outcomes.${value}`) })) },
    },
    {
      title: t('history.startedAt'),
      key: 'startedAt',
      search: false,
      width: 150,
      render: (_, row) => formatTime(row.startedAt),
    },
    {
      title: t('history.visitor'),
      key: 'visitor',
      search: false,
      width: 180,
      render: (_, row) => (
        <Typography.Link onClick={() => setOpen(row)}>
          {row.visitor.nickname || row.visitor.vid}
        </Typography.Link>
      ),
    },
    {
      title: t('history.group'),
      key: 'group',
      search: false,
      width: 140,
      render: (_, row) => row.workGroup?.nickname ?? '—',
    },
    {
      title: t('history.robot'),
      key: 'robot',
      search: false,
      width: 140,
      render: (_, row) => row.robot?.nickname ?? '—',
    },
    {
      title: t('history.questions'),
      key: 'questions',
      search: false,
      width: 90,
      align: 'right',
      render: (_, row) => row.questions,
    },
    {
      title: t('history.answered'),
      key: 'answered',
      search: false,
      width: 130,
      render: (_, row) => (
        <span aria-label={t('history.answeredOf', { answered: row.answered, unanswered: row.unanswered })}>
          {row.answered}
          {row.unanswered > 0 && (
            <Typography.Text type="warning">
              {' '}
              · {t('history.missed', { count: row.unanswered })}
            </Typography.Text>
          )}
        </span>
      ),
    },
    {
      title: t('history.votes'),
      key: 'votes',
      search: false,
      width: 110,
      render: (_, row) => (
        <Space size={12}>
          <span aria-label={t('history.helpfulCount', { count: row.helpful })}>
            <LikeOutlined aria-hidden /> {row.helpful}
          </span>
          <span aria-label={t('history.uselessCount', { count: row.useless })}>
            <DislikeOutlined aria-hidden /> {row.useless}
          </span>
        </Space>
      ),
    },
    {
      title: t('history.transferred'),
      key: 'transferred',
      search: false,
      width: 120,
      render: (_, row) =>
        row.transferred ? (
          <Tag color="orange">{t('history.toAgent')}</Tag>
        ) : (
          <Tag>{t('history.robotOnly')}</Tag>
        ),
    },
    {
      title: t('history.status'),
      key: 'status',
      search: false,
      width: 120,
      // The records page's rule: offline is "Left a message" only when the visitor left one.
      render: (_, row) => (
        <Tag>
          {row.status === 'offline' && row.leftMessage
            ? t('history.leftMessage')
            : t(`history.statuses.${row.status}`, { defaultValue: row.status })}
        </Tag>
      ),
    },
    {
      title: t('history.actions'),
      key: 'actions',
      valueType: 'option',
      width: 110,
      fixed: 'right',
      render: (_, row) => [
        <a key="transcript" onClick={() => setOpen(row)}>
          {t('history.transcript')}
        </a>,
      ],
    },
  ];

  return (
    <>
      <ProTable<RobotHistoryRow, SearchFields>
        rowKey="tid"
        headerTitle={t('history.title')}
        columns={columns}
        request={request}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={{ x: 1300 }}
        locale={{ emptyText: t('history.empty') }}
        options={{ reload: true, density: false, setting: false }}
        toolBarRender={() => [
          canTrain ? (
            <Link key="training" to={TRAINING_PATH}>
              {t('history.training')}
            </Link>
          ) : null,
        ]}
      />
      <TranscriptDrawer row={open} onClose={() => setOpen(null)} />
    </>
  );
};
