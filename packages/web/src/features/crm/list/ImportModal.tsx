import '../shared/i18n';
import { useEffect, useRef, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  Modal,
  Progress,
  Skeleton,
  Space,
  Table,
  Typography,
  Upload,
} from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CustomerImportJob, CustomerImportMapping, CustomerImportResult } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { fetchImportJob, startCustomerImport } from '../shared/api';
import { useCrmFields } from '../shared/hooks';
import { CRM_NS } from '../shared/i18n';

const MAPPED = ['name', 'email', 'mobile', 'company', 'description', 'tags'] as const;
type Mapped = (typeof MAPPED)[number];
/** Built-in fields by name; custom fields under `custom` by key. */
type MappingForm = Record<Mapped, string> & { custom?: Record<string, string | undefined> };

/** How often the running import's progress is asked for. */
const IMPORT_POLL_MS = 500;

const ACCEPT = '.xlsx,.csv';

/**
 * Imports customers from a sheet: the file, which column feeds which field, a preview of what
 * would be created or updated with the refused rows, then the import itself.
 */
export const ImportModal = ({
  open,
  onClose,
  onImported,
}: {
  open: boolean;
  onClose: () => void;
  onImported: () => void;
}) => {
  const { t } = useTranslation(CRM_NS);
  const { message } = App.useApp();
  const [form] = Form.useForm<MappingForm>();
  const fields = useCrmFields();
  const customFields = fields.data ?? [];
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<CustomerImportResult | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The job whose end was already handled, so a refetch of a finished job reports it once.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    if (!open) {
      setFile(null);
      setResult(null);
      setJobId(null);
      setFailure(null);
    }
  }, [open]);

  const start = useMutation({
    mutationFn: ({ mapping, preview }: { mapping: CustomerImportMapping; preview: boolean }) =>
      startCustomerImport({ file: file as File, mapping, preview }),
    onMutate: () => setFailure(null),
    onSuccess: (job) => {
      setResult(null);
      setJobId(job.jobId);
    },
  });

  const job = useQuery({
    queryKey: ['crm', 'importJob', jobId],
    queryFn: () => fetchImportJob(jobId ?? ''),
    enabled: jobId !== null,
    refetchInterval: (query) => (query.state.data?.state === 'running' ? IMPORT_POLL_MS : false),
  });
  const current = job.data?.jobId === jobId ? job.data : undefined;
  // A status call that fails (network, job expired) ends the wait; its error is shown below.
  const isRunning =
    start.isPending ||
    (jobId !== null && !job.isError && (current === undefined || current.state === 'running'));

  useEffect(() => {
    if (!current || current.state === 'running' || handled.current === current.jobId) return;
    handled.current = current.jobId;
    setJobId(null);
    if (current.state === 'failed' || !current.result) return setFailure(current.error ?? '');
    const report = current.result;
    setResult(report);
    if (!report.preview) {
      message.success(t('import.doneCount', { created: report.created, updated: report.updated }));
      onImported();
    }
  }, [current, message, onImported, t]);

  const submit = async (preview: boolean) => {
    const values = await form.validateFields();
    const mapping: CustomerImportMapping = { name: values.name.trim() };
    for (const key of MAPPED) {
      const header = values[key]?.trim();
      if (key !== 'name' && header) mapping[key] = header;
    }
    if (customFields.length > 0) {
      const custom: Record<string, string> = {};
      for (const field of customFields) {
        const header = values.custom?.[field.key]?.trim();
        if (header) custom[field.key] = header;
      }
      mapping.customFields = custom;
    }
    start.mutate({ mapping, preview });
  };

  const initial: MappingForm = {
    ...(Object.fromEntries(MAPPED.map((key) => [key, t(`import.headers.${key}`)])) as Record<Mapped, string>),
    custom: Object.fromEntries(customFields.map((field) => [field.key, field.label])),
  };
  const error = start.error ?? job.error;
  const isPreviewRun = start.isPending ? start.variables?.preview : current?.preview;

  return (
    <Modal
      open={open}
      title={t('import.title')}
      width={720}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t('actions.close')}</Button>
          <Button
            disabled={!file || (isRunning && !isPreviewRun)}
            loading={isRunning && isPreviewRun === true}
            onClick={() => void submit(true)}
          >
            {t('import.preview')}
          </Button>
          <Button
            type="primary"
            disabled={!file || !result?.preview || result.rows.length === 0}
            loading={isRunning && isPreviewRun === false}
            onClick={() => void submit(false)}
          >
            {t('import.run')}
          </Button>
        </Space>
      }
    >
      <Upload.Dragger
        accept={ACCEPT}
        maxCount={1}
        beforeUpload={(picked) => {
          setFile(picked);
          setResult(null);
          return false;
        }}
        onRemove={() => {
          setFile(null);
          setResult(null);
        }}
        fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('import.drop')}</p>
      </Upload.Dragger>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('import.mappingHint')}
      </Typography.Paragraph>
      {fields.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Form<MappingForm>
          form={form}
          layout="inline"
          initialValues={initial}
          onValuesChange={() => setResult(null)}
          style={{ rowGap: 8 }}
        >
          {MAPPED.map((key) => (
            <Form.Item
              key={key}
              name={key}
              label={t(`columns.${key}`)}
              rules={
                key === 'name'
                  ? [{ required: true, whitespace: true, message: t('import.nameRequired') }]
                  : []
              }
            >
              <Input style={{ width: 130 }} allowClear={key !== 'name'} />
            </Form.Item>
          ))}
          {customFields.map((field) => (
            <Form.Item key={field.fid} name={['custom', field.key]} label={field.label}>
              <Input style={{ width: 130 }} allowClear />
            </Form.Item>
          ))}
        </Form>
      )}
      {failure !== null || error ? (
        <Alert style={{ marginTop: 16 }} type="error" showIcon title={failure ?? parseError(error).message} />
      ) : null}
      {isRunning ? <ImportProgress job={current} /> : null}
      {result ? (
        <div style={{ marginTop: 16 }}>
          <Alert
            type={result.errors.length ? 'warning' : 'success'}
            showIcon
            title={t(result.preview ? 'import.previewSummary' : 'import.summary', {
              total: result.total,
              created: result.created,
              updated: result.updated,
              errors: result.errors.length,
            })}
          />
          {result.preview && result.rows.length > 0 ? (
            <Table
              size="small"
              style={{ marginTop: 12 }}
              rowKey="row"
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={result.rows}
              columns={[
                { title: t('import.row'), dataIndex: 'row', width: 70 },
                { title: t('columns.name'), dataIndex: 'name' },
                {
                  title: t('import.action'),
                  dataIndex: 'action',
                  render: (_, row) => t(`import.actions.${row.action}`),
                },
              ]}
            />
          ) : null}
          {result.errors.length > 0 ? (
            <Table
              size="small"
              style={{ marginTop: 12 }}
              title={() => t('import.errors')}
              rowKey={(row) => `${row.row}-${row.field}`}
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              dataSource={result.errors}
              columns={[
                { title: t('import.row'), dataIndex: 'row', width: 70 },
                {
                  title: t('import.field'),
                  dataIndex: 'field',
                  width: 120,
                  render: (_, row) =>
                    (MAPPED as readonly string[]).includes(row.field)
                      ? t(`columns.${row.field}`)
                      : (customFields.find((field) => `customFields.${field.key}` === row.field)?.label ??
                        row.field),
                },
                { title: t('import.problem'), dataIndex: 'message' },
              ]}
            />
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
};

/** The running import: which phase, and how many of its rows are done. */
const ImportProgress = ({ job }: { job: CustomerImportJob | undefined }) => {
  const { t } = useTranslation(CRM_NS);
  const phase = job?.phase ?? 'reading';
  const percent = job && job.total > 0 ? Math.floor((job.processed / job.total) * 100) : 0;
  const label =
    phase === 'reading'
      ? t('import.progress.reading')
      : t(`import.progress.${phase}`, { processed: job?.processed ?? 0, total: job?.total ?? 0 });
  return (
    <div style={{ marginTop: 16 }} data-testid="crm-import-progress">
      <Typography.Text>{label}</Typography.Text>
      <Progress percent={percent} status="active" aria-label={label} />
    </div>
  );
};
