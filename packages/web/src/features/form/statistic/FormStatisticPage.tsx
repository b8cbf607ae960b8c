import '../shared/i18n';
import { useMemo, useState } from 'react';
import dayjs from 'dayjs';
import { Card, Col, Empty, Input, List, Row, Segmented, Space, Statistic, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SurveyItemStatistic, SurveyStatistic } from '@openkefu/contract';
import {
  EChart,
  StatisticPeriodPicker,
  defaultStatisticRange,
  rangeBounds,
  type ChartOption,
  type StatisticRange,
  KpiCards,
  StatisticQueryView,
} from '../../../shared/charts';
import { fetchSurveyStatistic } from '../shared/api';
import { FormPicker, useFormParam, VersionPicker } from '../shared/FormPicker';
import { FORM_NS } from '../shared/i18n';

export const percent = (share: number): string => `${Math.round(share * 1000) / 10}%`;

/** Forms → statistics (`/stable/form/statistic`, debug-only): per item, plus completion and drop-off. */
export const FormStatisticPage = () => {
  const { t } = useTranslation(FORM_NS);
  const [fid, setFid] = useFormParam();
  return (
    <div>
      <Space wrap style={{ marginBottom: 16 }}>
        <FormPicker fid={fid} onChange={setFid} />
      </Space>
      {fid ? <Figures key={fid} fid={fid} /> : <Empty description={t('picker.chooseForm')} />}
    </div>
  );
};

const Figures = ({ fid }: { fid: string }) => {
  const [range, setRange] = useState<StatisticRange>(defaultStatisticRange);
  const [version, setVersion] = useState<number | undefined>();
  const { from, to } = rangeBounds(range);
  const query = useQuery({
    queryKey: ['form', 'statistic', fid, version, from, to],
    queryFn: () => fetchSurveyStatistic({ fid, from, to, ...(version ? { version } : {}) }),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <StatisticPeriodPicker value={range} onChange={setRange} />
        <VersionPicker fid={fid} value={version} onChange={setVersion} />
      </Space>
      <StatisticQueryView query={query}>{(data) => <StatisticView data={data} />}</StatisticQueryView>
    </>
  );
};

const StatisticView = ({ data }: { data: SurveyStatistic }) => {
  const { t } = useTranslation(FORM_NS);
  const kpis = [
    { key: 'views', title: t('statistic.views'), value: data.views },
    { key: 'starts', title: t('statistic.starts'), value: data.starts },
    { key: 'responses', title: t('statistic.responses'), value: data.responses },
    { key: 'completion', title: t('statistic.completion'), value: percent(data.completionRate) },
  ];
  const dropOffOption = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 120, right: 16, top: 16, bottom: 28 },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', inverse: true, data: data.items.map((item) => item.label) },
      series: [{ type: 'bar', name: t('statistic.dropOff'), data: data.items.map((item) => item.dropOff) }],
    }),
    [data.items, t],
  );
  const hasDropOff = data.items.some((item) => item.dropOff > 0);
  return (
    <>
      <KpiCards items={kpis} />
      <Card size="small" title={t('statistic.dropOffTitle')} style={{ marginTop: 16 }}>
        <EChart
          option={dropOffOption}
          ariaLabel={t('statistic.dropOffTitle')}
          isEmpty={!hasDropOff}
          height={Math.max(160, data.items.length * 32)}
          summary={t('statistic.dropOffSummary', { starts: data.starts, responses: data.responses })}
          table={{
            columns: [t('statistic.item'), t('statistic.dropOff')],
            rows: data.items.map((item) => [item.label, item.dropOff]),
          }}
        />
      </Card>
      {data.items.length === 0 ? (
        <Empty style={{ marginTop: 16 }} description={t('statistic.noItems')} />
      ) : null}
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        {data.items.map((item) => (
          <Col key={item.key} xs={24} xl={12}>
            <ItemCard item={item} />
          </Col>
        ))}
      </Row>
    </>
  );
};

type ChartKind = 'bar' | 'pie';

const ItemCard = ({ item }: { item: SurveyItemStatistic }) => {
  const { t } = useTranslation(FORM_NS);
  const [kind, setKind] = useState<ChartKind>('bar');
  const hasChoices = item.choices.length > 0;
  const option = useMemo<ChartOption>(
    () =>
      kind === 'pie'
        ? {
            tooltip: { trigger: 'item' },
            series: [
              {
                type: 'pie',
                radius: ['35%', '65%'],
                data: item.choices.map((choice) => ({ name: choice.option, value: choice.count })),
              },
            ],
          }
        : {
            tooltip: { trigger: 'axis' },
            grid: { left: 100, right: 24, top: 16, bottom: 28 },
            xAxis: { type: 'value', minInterval: 1 },
            yAxis: { type: 'category', inverse: true, data: item.choices.map((choice) => choice.option) },
            series: [
              { type: 'bar', name: t('statistic.count'), data: item.choices.map((choice) => choice.count) },
            ],
          },
    [item.choices, kind, t],
  );
  return (
    <Card
      size="small"
      title={item.label}
      extra={
        <Typography.Text type="secondary">
          {t('statistic.answered', { count: item.answered })}
        </Typography.Text>
      }
    >
      {item.average !== null ? (
        <Space size="large" style={{ marginBottom: 12 }} wrap>
          <Statistic title={t('statistic.average')} value={item.average} />
          {item.nps ? (
            <>
              <Statistic title={t('statistic.nps')} value={item.nps.score} />
              <Statistic title={t('statistic.promoters')} value={percent(item.nps.promoters)} />
              <Statistic title={t('statistic.passives')} value={percent(item.nps.passives)} />
              <Statistic title={t('statistic.detractors')} value={percent(item.nps.detractors)} />
            </>
          ) : null}
        </Space>
      ) : null}
      {hasChoices ? (
        <>
          <Segmented<ChartKind>
            size="small"
            value={kind}
            onChange={setKind}
            options={[
              { value: 'bar', label: t('statistic.bar') },
              { value: 'pie', label: t('statistic.pie') },
            ]}
          />
          <EChart
            option={option}
            ariaLabel={t('statistic.chartOf', { label: item.label })}
            isEmpty={item.answered === 0}
            height={Math.max(200, item.choices.length * 28)}
            summary={item.choices.map((choice) => `${choice.option} ${choice.count}`).join(', ')}
            table={{
              columns: [t('statistic.option'), t('statistic.count'), t('statistic.share')],
              rows: item.choices.map((choice) => [choice.option, choice.count, percent(choice.share)]),
            }}
          />
        </>
      ) : null}
      {item.texts.length > 0 || (!hasChoices && item.answered === 0) ? <TextAnswers item={item} /> : null}
    </Card>
  );
};

const TextAnswers = ({ item }: { item: SurveyItemStatistic }) => {
  const { t } = useTranslation(FORM_NS);
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = needle ? item.texts.filter((text) => text.value.toLowerCase().includes(needle)) : item.texts;
  return (
    <>
      <Input.Search
        aria-label={t('statistic.searchTexts', { label: item.label })}
        placeholder={t('statistic.searchPlaceholder')}
        allowClear
        onChange={(event) => setSearch(event.target.value)}
        style={{ marginBottom: 8 }}
      />
      <List
        size="small"
        dataSource={shown}
        locale={{ emptyText: t('statistic.noTexts') }}
        pagination={shown.length > 10 ? { pageSize: 10, size: 'small' } : false}
        renderItem={(text) => (
          <List.Item>
            <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{text.value}</Typography.Text>
            <Typography.Text type="secondary">
              {dayjs(text.createdAt).format('YYYY-MM-DD HH:mm')}
            </Typography.Text>
          </List.Item>
        )}
      />
    </>
  );
};
