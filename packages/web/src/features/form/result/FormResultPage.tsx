import '../shared/i18n';
import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Descriptions,
  Drawer,
  Empty,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FormItem, FormValues, SurveyResponse, SurveyResponseDetail } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { useCan } from '../../../shared/components/Authorized';
import {
  exportSurveyResponses,
  fetchSurvey,
  fetchSurveyResponse,
  fetchSurveyResponses,
  type ResponseFilters,
} from '../shared/api';
import { FormPicker, useFormParam, VersionPicker } from '../shared/FormPicker';
import { FORM_NS } from '../shared/i18n';

const formatTime = (ms: number) => dayjs(ms).format('YYYY-MM-DD HH:mm');
const valueText = (value: FormValues[string] | undefined) =>
  value === undefined ? '—' : Array.isArray(value) ? value.join(', ') : value;

/** Forms → results (`/stable/form/result`, debug-only): a form's answers, filtered, with detail and export. */
export const FormResultPage = () => {
  const { t } = useTranslation(FORM_NS);
  const [fid, setFid] = useFormParam();
  return (
    <div>
      <Space wrap style={{ marginBottom: 16 }}>
        <FormPicker fid={fid} onChange={setFid} />
      </Space>
      {fid ? <Results key={fid} fid={fid} /> : <Empty description={t('picker.chooseForm')} />}
    </div>
  );
};

const Results = ({ fid }: { fid: string }) => {
  const { t } = useTranslation(FORM_NS);
  const { message } = App.useApp();
  const canDo = useCan();
  const [version, setVersion] = useState<number | undefined>();
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [paging, setPaging] = useState({ page: 0, size: 20 });
  const [rid, setRid] = useState<string | null>(null);
  const filters: ResponseFilters = {
    fid,
    ...(version ? { version } : {}),
    ...(range ? { from: range[0].startOf('day').valueOf(), to: range[1].endOf('day').valueOf() + 1 } : {}),
  };
  const survey = useQuery({ queryKey: ['form', 'survey', fid], queryFn: () => fetchSurvey(fid) });
  const answers = useQuery({
    queryKey: ['form', 'responses', filters, paging],
    queryFn: () => fetchSurveyResponses({ ...filters, ...paging }),
    placeholderData: keepPreviousData,
  });
  const exporting = useMutation({
    mutationFn: () => exportSurveyResponses(filters),
    onSuccess: (file) => message.success(t('result.exported', { count: file.rows ?? 0 })),
    onError: (error) => message.error(parseError(error).message),
  });

  const shownItems: FormItem[] = (survey.data?.items ?? [])
    .filter((item) => item.type !== 'section')
    .slice(0, 4);

  if (answers.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={parseError(answers.error).message}
        action={<Button onClick={() => void answers.refetch()}>{t('actions.retry')}</Button>}
      />
    );

  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <VersionPicker
          fid={fid}
          value={version}
          onChange={(next) => {
            setVersion(next);
            setPaging((p) => ({ ...p, page: 0 }));
          }}
        />
        <DatePicker.RangePicker
          aria-label={t('result.dates')}
          value={range}
          onChange={(next) => {
            setRange(next && next[0] && next[1] ? [next[0], next[1]] : null);
            setPaging((p) => ({ ...p, page: 0 }));
          }}
        />
        {canDo('form.result.export') ? (
          <Button
            icon={<DownloadOutlined />}
            loading={exporting.isPending}
            onClick={() => exporting.mutate()}
          >
            {t('result.export')}
          </Button>
        ) : null}
      </Space>
      <Table<SurveyResponse>
        rowKey="rid"
        size="middle"
        loading={answers.isFetching}
        dataSource={answers.data?.content ?? []}
        locale={{ emptyText: <Empty description={t('result.empty')} /> }}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: paging.page + 1,
          pageSize: paging.size,
          total: answers.data?.totalElements ?? 0,
          showSizeChanger: true,
          onChange: (page, size) => setPaging({ page: page - 1, size }),
        }}
        columns={[
          { title: t('result.submittedAt'), key: 'createdAt', render: (_, row) => formatTime(row.createdAt) },
          { title: t('columns.version'), key: 'version', render: (_, row) => <Tag>v{row.version}</Tag> },
          ...shownItems.map((item) => ({
            title: item.label,
            key: item.key,
            ellipsis: true,
            render: (_: unknown, row: SurveyResponse) => valueText(row.answers[item.key]),
          })),
          {
            title: t('columns.actions'),
            key: 'actions',
            render: (_, row) => (
              <Button type="link" size="small" onClick={() => setRid(row.rid)}>
                {t('result.detail')}
              </Button>
            ),
          },
        ]}
      />
      <ResponseDrawer rid={rid} onClose={() => setRid(null)} />
    </>
  );
};

const ResponseDrawer = ({ rid, onClose }: { rid: string | null; onClose: () => void }) => {
  const { t } = useTranslation(FORM_NS);
  const detail = useQuery({
    queryKey: ['form', 'response', rid],
    queryFn: () => fetchSurveyResponse(rid ?? ''),
    enabled: Boolean(rid),
  });
  return (
    <Drawer open={Boolean(rid)} onClose={onClose} size={560} title={t('result.detailTitle')} destroyOnHidden>
      {detail.isError ? (
        <Alert type="error" showIcon title={parseError(detail.error).message} />
      ) : detail.isPending || !detail.data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <ResponseDetail detail={detail.data} />
      )}
    </Drawer>
  );
};

const ResponseDetail = ({ detail }: { detail: SurveyResponseDetail }) => {
  const { t } = useTranslation(FORM_NS);
  const answerOf = (item: FormItem) => {
    const value = detail.answers[item.key];
    if (item.type === 'file' && typeof value === 'string') {
      const file = detail.files[value];
      return file ? (
        <Typography.Link href={file.path} target="_blank" rel="noreferrer">
          {file.fileName}
        </Typography.Link>
      ) : (
        value
      );
    }
    return <span style={{ whiteSpace: 'pre-wrap' }}>{valueText(value)}</span>;
  };
  return (
    <Descriptions column={1} bordered size="small">
      <Descriptions.Item label={t('result.submittedAt')}>{formatTime(detail.createdAt)}</Descriptions.Item>
      <Descriptions.Item label={t('columns.version')}>v{detail.version}</Descriptions.Item>
      {detail.durationMs !== null ? (
        <Descriptions.Item label={t('result.duration')}>
          {t('result.seconds', { count: Math.round(detail.durationMs / 1000) })}
        </Descriptions.Item>
      ) : null}
      {detail.tid ? (
        <Descriptions.Item label={t('result.conversation')}>{detail.tid}</Descriptions.Item>
      ) : null}
      {detail.items
        .filter((item) => item.type !== 'section')
        .map((item) => (
          <Descriptions.Item key={item.key} label={item.label}>
            {answerOf(item)}
          </Descriptions.Item>
        ))}
    </Descriptions>
  );
};
