import '../i18n';
import { useMemo, useState } from 'react';
import { Card, Col, Row, Select, Table, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { RobotStatistic } from '@openkefu/contract';
import {
  EChart,
  StatisticPeriodPicker,
  dailyChartOption,
  defaultStatisticRange,
  rangeBounds,
  type ChartOption,
  type StatisticRange,
  KpiCards,
  StatisticQueryView,
} from '../../../../shared/charts';
import { useCan } from '../../../../shared/components/Authorized';
import { useWorkgroupOptions } from '../../shared/hooks';
import { fetchRobotStatistic } from '../api';
import { ROBOT_INSIGHT_NS } from '../i18n';
import { TRAINING_PATH } from '../paths';

export const percent = (rate: number | null): string =>
  rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`;

/** Robot → statistics (`/stable/robot/statistic`): questions, answered, hand-over and helpful rates by day and group. */
export const RobotStatisticPage = () => {
  const { t } = useTranslation(ROBOT_INSIGHT_NS);
  const workgroups = useWorkgroupOptions();
  const [wid, setWid] = useState<string | undefined>(undefined);
  const [range, setRange] = useState<StatisticRange>(defaultStatisticRange);
  const { from, to } = rangeBounds(range);
  const query = useQuery({
    queryKey: ['robot', 'statistic', wid, from, to],
    queryFn: () => fetchRobotStatistic({ from, to, ...(wid ? { wid } : {}) }),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="ok-robot-statistic">
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap', marginBottom: 16 }}>
        {workgroups.options.length > 0 && (
          <Select<string>
            id="robot-statistic-group"
            aria-label={t('statistic.group')}
            placeholder={t('statistic.allGroups')}
            value={wid}
            onChange={setWid}
            allowClear
            style={{ width: 200 }}
            options={workgroups.options}
          />
        )}
        <StatisticPeriodPicker value={range} onChange={setRange} />
      </div>
      <StatisticQueryView query={query} errorTitle={t('statistic.loadFailed')}>
        {(data) => <StatisticView data={data} />}
      </StatisticQueryView>
    </div>
  );
};

const StatisticView = ({ data }: { data: RobotStatistic }) => {
  const { t } = useTranslation(ROBOT_INSIGHT_NS);
  const { totals, byDay } = data;
  const canTrain = useCan()('robot.training.query');
  const hasDays = byDay.some((day) => day.questions + day.handOvers + day.helpful + day.useless > 0);

  const questionsOption = useMemo<ChartOption>(
    () =>
      dailyChartOption(
        byDay.map((day) => day.day),
        [
          { type: 'line', name: t('statistic.questions'), data: byDay.map((day) => day.questions) },
          { type: 'line', name: t('statistic.answered'), data: byDay.map((day) => day.answered) },
          { type: 'line', name: t('statistic.handOvers'), data: byDay.map((day) => day.handOvers) },
        ],
      ),
    [byDay, t],
  );
  const votesOption = useMemo<ChartOption>(
    () =>
      dailyChartOption(
        byDay.map((day) => day.day),
        [
          { type: 'bar', name: t('statistic.helpful'), data: byDay.map((day) => day.helpful) },
          { type: 'bar', name: t('statistic.useless'), data: byDay.map((day) => day.useless) },
        ],
      ),
    [byDay, t],
  );

  const kpis = [
    { key: 'conversations', title: t('statistic.conversations'), value: totals.conversations },
    { key: 'questions', title: t('statistic.questions'), value: totals.questions },
    { key: 'answeredRate', title: t('statistic.answeredRate'), value: percent(totals.answeredRate) },
    { key: 'handOverRate', title: t('statistic.handOverRate'), value: percent(totals.handOverRate) },
    { key: 'helpfulRate', title: t('statistic.helpfulRate'), value: percent(totals.helpfulRate) },
  ];

  return (
    <>
      <KpiCards items={kpis} />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('statistic.questionsChart')}>
            <EChart
              option={questionsOption}
              ariaLabel={t('statistic.questionsChart')}
              isEmpty={!hasDays}
              summary={t('statistic.questionsSummary', {
                questions: totals.questions,
                answered: totals.answered,
                handOvers: totals.handOvers,
                days: byDay.length,
              })}
              table={{
                columns: [
                  t('statistic.day'),
                  t('statistic.questions'),
                  t('statistic.answered'),
                  t('statistic.handOvers'),
                ],
                rows: byDay.map((day) => [day.day, day.questions, day.answered, day.handOvers]),
              }}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('statistic.votesChart')}>
            <EChart
              option={votesOption}
              ariaLabel={t('statistic.votesChart')}
              isEmpty={!hasDays}
              summary={t('statistic.votesSummary', {
                helpful: totals.helpful,
                useless: totals.useless,
                rate: percent(totals.helpfulRate),
              })}
              table={{
                columns: [t('statistic.day'), t('statistic.helpful'), t('statistic.useless')],
                rows: byDay.map((day) => [day.day, day.helpful, day.useless]),
              }}
            />
          </Card>
        </Col>
      </Row>
      <Card size="small" title={t('statistic.byGroup')} style={{ marginTop: 16 }}>
        <Table
          size="small"
          rowKey="wid"
          pagination={false}
          dataSource={data.byGroup}
          locale={{ emptyText: t('statistic.noGroups') }}
          columns={[
            { title: t('statistic.group'), key: 'nickname', render: (_, row) => row.nickname || row.wid },
            { title: t('statistic.conversations'), dataIndex: 'conversations', align: 'right' },
            { title: t('statistic.questions'), dataIndex: 'questions', align: 'right' },
            { title: t('statistic.answered'), dataIndex: 'answered', align: 'right' },
            { title: t('statistic.handOvers'), dataIndex: 'handOvers', align: 'right' },
            { title: t('statistic.helpful'), dataIndex: 'helpful', align: 'right' },
            { title: t('statistic.useless'), dataIndex: 'useless', align: 'right' },
          ]}
        />
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('statistic.topQuestions')}>
            <Table
              size="small"
              rowKey={(row) => `${row.source}:${row.aid}`}
              pagination={false}
              dataSource={data.topQuestions}
              locale={{ emptyText: t('statistic.noQuestions') }}
              columns={[
                {
                  title: t('statistic.answer'),
                  key: 'title',
                  render: (_, row) => (
                    <>
                      <Tag>{t(`statistic.source.${row.source}`)}</Tag>
                      <Typography.Text>{row.title}</Typography.Text>
                    </>
                  ),
                },
                { title: t('statistic.count'), dataIndex: 'count', width: 80, align: 'right' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            size="small"
            title={t('statistic.topMisses')}
            extra={canTrain ? <Link to={TRAINING_PATH}>{t('statistic.train')}</Link> : null}
          >
            <Table
              size="small"
              rowKey="question"
              pagination={false}
              dataSource={data.topMisses}
              locale={{ emptyText: t('statistic.noMisses') }}
              columns={[
                { title: t('statistic.question'), key: 'question', render: (_, row) => row.question },
                { title: t('statistic.count'), dataIndex: 'count', width: 80, align: 'right' },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
};
