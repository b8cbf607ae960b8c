import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../api/download';
import { isHttpError } from '../../api/http';
import { EXCEL_IMPORT_NS } from './i18n';
import { importFile, type ImportHandle, type ImportReport, type ImportRowError } from './importFile';

export type ExcelImportModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** GET endpoint answering the .xlsx template (e.g. `/api/cuw/template`). */
  templateUrl: string;
  /** Saved name when the server sends none. */
  templateName: string;
  /** POST multipart endpoint (`file` + `fields`) answering `{ imported, errors, total? }` in `data`. */
  importUrl: string;
  /** Extra form fields sent with the file (e.g. `{ scope: 'company' }`). */
  fields?: Record<string, string>;
  /** Column keys of the report (`field`) → the heading users know; unknown keys show as they are. */
  fieldLabels?: Record<string, string>;
  /** Called after every import the server answered (some rows may have been refused). */
  onImported?: (report: ImportReport) => void;
  /** Shown above the upload, e.g. a choice that goes into `fields`. */
  children?: ReactNode;
  /** File types offered by the picker (default: .xlsx and .csv). */
  accept?: string;
  /** Replaces the two steps' texts, for imports that take more than a sheet. */
  steps?: { template: ReactNode; upload: ReactNode };
  /** More of the report than the counts (e.g. created / updated), under the summary. */
  describeReport?: (report: ImportReport) => ReactNode;
};

type State =
  | { kind: 'idle' }
  | { kind: 'uploading'; name: string; percent: number }
  | { kind: 'done'; report: ImportReport }
  | { kind: 'failed'; message: string };

const ACCEPT = '.xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv';

/**
 * The shared spreadsheet import dialog: template download, upload with a progress bar, and the
 * server's per-row report (row, column, problem). Used by quick replies and sensitive words:
 *
 *   <ExcelImportModal open={isOpen} onClose={close} title={t('import')}
 *     templateUrl="/api/cuw/template" templateName="template.xlsx" importUrl="/api/cuw/import"
 *     fields={{ scope }} fieldLabels={{ name: t('title') }} onImported={() => reload()} />
 */
export const ExcelImportModal = ({
  open,
  onClose,
  title,
  templateUrl,
  templateName,
  importUrl,
  fields,
  fieldLabels = {},
  onImported,
  children,
  accept = ACCEPT,
  steps,
  describeReport,
}: ExcelImportModalProps) => {
  const { t } = useTranslation(EXCEL_IMPORT_NS);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const [isDownloading, setDownloading] = useState(false);
  const [templateError, setTemplateError] = useState<string | null>(null);
  const handle = useRef<ImportHandle | null>(null);

  useEffect(() => {
    if (!open) {
      handle.current?.abort();
      setState({ kind: 'idle' });
      setTemplateError(null);
    }
  }, [open]);

  const downloadTemplate = async () => {
    setDownloading(true);
    setTemplateError(null);
    try {
      await downloadFile(templateUrl, {}, templateName);
    } catch (error) {
      setTemplateError(t('templateFailed', { message: isHttpError(error) ? error.message : String(error) }));
    } finally {
      setDownloading(false);
    }
  };

  const start = (file: File) => {
    setState({ kind: 'uploading', name: file.name, percent: 0 });
    const current = importFile({
      url: importUrl,
      file,
      fields,
      onProgress: (fraction) =>
        setState((previous) =>
          previous.kind === 'uploading' ? { ...previous, percent: Math.round(fraction * 100) } : previous,
        ),
    });
    handle.current = current;
    current.promise.then(
      (report) => {
        if (handle.current !== current) return;
        setState({ kind: 'done', report });
        onImported?.(report);
      },
      (error: unknown) => {
        if (handle.current !== current) return;
        if (isHttpError(error) && error.code === 'ABORTED') {
          setState({ kind: 'idle' });
          return;
        }
        // The server's message already names the problem in the user's language (type, size, scope).
        setState({ kind: 'failed', message: isHttpError(error) ? error.message : String(error) });
      },
    );
  };

  const labelOf = (field: string) => fieldLabels[field] ?? field;

  const renderReport = (report: ImportReport) => {
    const refusedRows = new Set(report.errors.map((error) => error.row)).size;
    const summary =
      report.total === undefined
        ? t('summaryNoTotal', { imported: report.imported })
        : t('summary', { imported: report.imported, total: report.total });
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert
          type={report.errors.length === 0 ? (report.imported > 0 ? 'success' : 'info') : 'warning'}
          showIcon
          title={report.imported === 0 && report.errors.length === 0 ? t('nothing') : summary}
          description={
            report.errors.length > 0 || describeReport ? (
              <>
                {describeReport?.(report)}
                {report.errors.length > 0 && <div>{t('refused', { count: refusedRows })}</div>}
              </>
            ) : undefined
          }
        />
        {report.errors.length > 0 && (
          <Table<ImportRowError>
            size="small"
            pagination={report.errors.length > 10 ? { pageSize: 10, size: 'small' } : false}
            rowKey={(error) => `${error.row}-${error.field}-${error.message}`}
            dataSource={report.errors}
            columns={[
              { title: t('columns.row'), dataIndex: 'row', width: 70 },
              { title: t('columns.field'), dataIndex: 'field', width: 120, render: labelOf },
              { title: t('columns.message'), dataIndex: 'message' },
            ]}
          />
        )}
      </Space>
    );
  };

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      destroyOnHidden
      width={640}
      footer={[
        state.kind === 'done' || state.kind === 'failed' ? (
          <Button key="again" onClick={() => setState({ kind: 'idle' })}>
            {t('again')}
          </Button>
        ) : null,
        <Button key="close" type="primary" onClick={onClose}>
          {t('close')}
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <div>
          <Typography.Paragraph>{steps?.template ?? t('step1')}</Typography.Paragraph>
          <Button icon={<DownloadOutlined />} loading={isDownloading} onClick={() => void downloadTemplate()}>
            {t('template')}
          </Button>
          {templateError && (
            <Typography.Paragraph type="danger" role="alert">
              {templateError}
            </Typography.Paragraph>
          )}
        </div>
        {children}
        <Typography.Paragraph style={{ marginBottom: 0 }}>{steps?.upload ?? t('step2')}</Typography.Paragraph>
        {state.kind === 'idle' && (
          <Upload.Dragger
            accept={accept}
            multiple={false}
            showUploadList={false}
            beforeUpload={(file) => {
              start(file);
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('drop')}</p>
            <p className="ant-upload-hint">{t('hint')}</p>
          </Upload.Dragger>
        )}
        {state.kind === 'uploading' && (
          <div>
            <Typography.Text>
              {t(state.percent < 100 ? 'uploading' : 'processing', { name: state.name })}
            </Typography.Text>
            <Progress percent={state.percent} status="active" />
            <Button size="small" onClick={() => handle.current?.abort()}>
              {t('cancel')}
            </Button>
          </div>
        )}
        {state.kind === 'failed' && (
          <Alert type="error" showIcon title={t('failed')} description={state.message} />
        )}
        {state.kind === 'done' && renderReport(state.report)}
      </Space>
    </Modal>
  );
};
