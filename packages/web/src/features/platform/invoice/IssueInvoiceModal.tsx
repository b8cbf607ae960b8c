import { useState } from 'react';
import { Alert, App, Button, Descriptions, Divider, Modal, Space, Typography, Upload } from 'antd';
import { FilePdfOutlined, InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@openkefu/contract';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { acceptAttributeOf, isAccepted } from '../../../shared/components/Upload/accept';
import { formatFileSize } from '../../../shared/utils/fileSize';
import { BILLING_NS } from '../../billing/i18n';
import { useMoney } from '../../billing/shared/useMoney';
import { issueInvoiceGenerated, issueInvoiceWithPdf } from './api';

/** What the server takes (it checks the content again): a PDF of at most 10 MB. */
export const INVOICE_PDF_ACCEPT = ['.pdf', 'application/pdf'];
export const INVOICE_PDF_MAX_MB = 10;

/** Checks a chosen file before anything is sent; the reason when it is refused. */
export const refusalOf = (file: Pick<File, 'name' | 'type' | 'size'>): 'type' | 'size' | 'empty' | null => {
  if (!isAccepted(file, INVOICE_PDF_ACCEPT)) return 'type';
  if (file.size > INVOICE_PDF_MAX_MB * 1024 * 1024) return 'size';
  if (file.size === 0) return 'empty';
  return null;
};

/** Issue a requested invoice: upload the PDF made elsewhere, or let the server generate a simple one. */
export const IssueInvoiceModal = ({
  invoice,
  onClose,
  onDone,
}: {
  invoice: Invoice;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation(BILLING_NS);
  const { message, modal } = App.useApp();
  const money = useMoney();
  const [file, setFile] = useState<File | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [pending, setPending] = useState<'upload' | 'generate' | null>(null);

  const finish = () => {
    void message.success(t('platformInvoice.issue.done', { title: invoice.title }));
    onDone();
    onClose();
  };

  const upload = async () => {
    if (!file) {
      setRefusal(t('platformInvoice.issue.noFile'));
      return;
    }
    setPending('upload');
    try {
      await issueInvoiceWithPdf(invoice.ivid, file);
      finish();
    } catch (error) {
      reportUnlessHandled(error);
    } finally {
      setPending(null);
    }
  };

  const generate = () =>
    modal.confirm({
      title: t('platformInvoice.issue.generateConfirm', { title: invoice.title }),
      content: t('platformInvoice.issue.generateHelp'),
      okText: t('platformInvoice.issue.generate'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        setPending('generate');
        try {
          await issueInvoiceGenerated(invoice.ivid);
          finish();
        } catch (error) {
          reportUnlessHandled(error);
        } finally {
          setPending(null);
        }
      },
    });

  return (
    <Modal
      open
      title={t('platformInvoice.issue.title', { title: invoice.title })}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      width={560}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button
          key="generate"
          loading={pending === 'generate'}
          disabled={pending !== null}
          onClick={generate}
        >
          {t('platformInvoice.issue.generate')}
        </Button>,
        <Button
          key="upload"
          type="primary"
          loading={pending === 'upload'}
          disabled={pending !== null}
          onClick={() => void upload()}
        >
          {t('platformInvoice.issue.upload')}
        </Button>,
      ]}
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('invoice.fields.title')}>{invoice.title}</Descriptions.Item>
        <Descriptions.Item label={t('invoice.fields.taxId')}>{invoice.taxId}</Descriptions.Item>
        <Descriptions.Item label={t('invoice.columns.amount')}>
          {money(invoice.amountCents)}
        </Descriptions.Item>
        <Descriptions.Item label={t('invoice.columns.bills')}>
          {invoice.bills.map((bill) => bill.period).join(', ')}
        </Descriptions.Item>
      </Descriptions>
      <Divider />
      <Upload.Dragger
        accept={acceptAttributeOf(INVOICE_PDF_ACCEPT)}
        multiple={false}
        showUploadList={false}
        beforeUpload={(chosen) => {
          const reason = refusalOf(chosen);
          if (reason) {
            setFile(null);
            setRefusal(t(`platformInvoice.issue.refused.${reason}`, { max: INVOICE_PDF_MAX_MB }));
          } else {
            setFile(chosen);
            setRefusal(null);
          }
          // Sent with the issue call, not on its own.
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t('platformInvoice.issue.choose')}</p>
        <p className="ant-upload-hint">{t('platformInvoice.issue.hint', { max: INVOICE_PDF_MAX_MB })}</p>
      </Upload.Dragger>
      {file && (
        <Space className="ok-billing__file">
          <FilePdfOutlined />
          <Typography.Text>
            {file.name} ({formatFileSize(file.size)})
          </Typography.Text>
        </Space>
      )}
      {refusal && <Alert type="error" showIcon title={refusal} role="alert" className="ok-billing__file" />}
    </Modal>
  );
};
