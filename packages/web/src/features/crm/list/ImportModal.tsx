import '../shared/i18n';
import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, Input, Modal, Space, Table, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CustomerImportMapping, CustomerImportResult } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { importCustomers } from '../shared/api';
import { CRM_NS } from '../shared/i18n';

const MAPPED = ['name', 'email', 'mobile', 'company', 'description', 'tags'] as const;
type Mapped = (typeof MAPPED)[number];
type MappingForm = Record<Mapped, string>;

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
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<CustomerImportResult | null>(null);

  useEffect(() => {
    if (!open) {
      setFile(null);
      setResult(null);
    }
  }, [open]);

  const run = useMutation({
    mutationFn: ({ mapping, preview }: { mapping: CustomerImportMapping; preview: boolean }) =>
      importCustomers({ file: file as File, mapping, preview }),
    onSuccess: (report) => {
      setResult(report);
      if (!report.preview) {
        message.success(t('import.doneCount', { created: report.created, updated: report.updated }));
        onImported();
      }
    },
  });

  const submit = async (preview: boolean) => {
    const values = await form.validateFields();
    const mapping: CustomerImportMapping = { name: values.name.trim() };
    for (const key of MAPPED) {
      const header = values[key]?.trim();
      if (key !== 'name' && header) mapping[key] = header;
    }
    run.mutate({ mapping, preview });
  };

  const initial = Object.fromEntries(MAPPED.map((key) => [key, t(`import.headers.${key}`)])) as MappingForm;

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
            disabled={!file}
            loading={run.isPending && run.variables?.preview}
            onClick={() => void submit(true)}
          >
            {t('import.preview')}
          </Button>
          <Button
            type="primary"
            disabled={!file || !result?.preview || result.rows.length === 0}
            loading={run.isPending && run.variables?.preview === false}
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
              key === 'name' ? [{ required: true, whitespace: true, message: t('import.nameRequired') }] : []
            }
          >
            <Input style={{ width: 130 }} allowClear={key !== 'name'} />
          </Form.Item>
        ))}
      </Form>
      {run.isError ? (
        <Alert style={{ marginTop: 16 }} type="error" showIcon title={parseError(run.error).message} />
      ) : null}
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
                    (MAPPED as readonly string[]).includes(row.field) ? t(`columns.${row.field}`) : row.field,
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
