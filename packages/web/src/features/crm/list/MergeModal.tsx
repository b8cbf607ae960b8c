import '../shared/i18n';
import { useState } from 'react';
import { Alert, App, Descriptions, Modal, Radio, Space, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Customer } from '@openkefu/contract';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { mergeCustomers } from '../shared/api';
import { CRM_NS } from '../shared/i18n';

const PROFILE_FIELDS = ['email', 'mobile', 'company', 'description'] as const;

/** Merges one of two customers (the source, deleted after) into the other; shows what moves first. */
export const MergeModal = ({
  customers,
  onClose,
  onMerged,
}: {
  customers: [Customer, Customer];
  onClose: () => void;
  onMerged: (target: Customer) => void;
}) => {
  const { t } = useTranslation(CRM_NS);
  const { message } = App.useApp();
  const [sourceCid, setSourceCid] = useState<string | undefined>(undefined);
  const source = customers.find((customer) => customer.cid === sourceCid);
  const target = customers.find((customer) => customer.cid !== sourceCid);
  const merge = useMutation({
    mutationFn: () => mergeCustomers({ target: target?.cid ?? '', source: sourceCid ?? '' }),
    onSuccess: (merged) => {
      message.success(t('merge.done', { name: merged.name }));
      onClose();
      onMerged(merged);
    },
    onError: reportUnlessHandled,
  });
  const filled = source && target ? PROFILE_FIELDS.filter((field) => !target[field] && source[field]) : [];
  const newTags = source && target ? source.tags.filter((tag) => !target.tags.includes(tag)) : [];

  return (
    <Modal
      open
      title={t('merge.title')}
      okText={t('merge.confirm')}
      okButtonProps={{ danger: true, disabled: !source }}
      cancelText={t('actions.cancel')}
      confirmLoading={merge.isPending}
      onOk={() => merge.mutate()}
      onCancel={onClose}
    >
      <Typography.Paragraph>{t('merge.pickSource')}</Typography.Paragraph>
      <Radio.Group value={sourceCid} onChange={(event) => setSourceCid(event.target.value as string)}>
        <Space orientation="vertical">
          {customers.map((customer) => (
            <Radio key={customer.cid} value={customer.cid}>
              {customer.name}
              <Typography.Text type="secondary">
                {' '}
                {[customer.email, customer.mobile].filter(Boolean).join(' · ')}
              </Typography.Text>
            </Radio>
          ))}
        </Space>
      </Radio.Group>
      {source && target ? (
        <>
          <Alert
            style={{ marginTop: 16 }}
            type="warning"
            showIcon
            title={t('merge.summary', { source: source.name, target: target.name })}
          />
          <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
            <Descriptions.Item label={t('merge.moves')}>
              {t('merge.movesList', { count: source.visitors.length })}
            </Descriptions.Item>
            <Descriptions.Item label={t('merge.tags')}>
              {newTags.length ? newTags.join(', ') : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('merge.fills')}>
              {filled.length ? filled.map((field) => t(`columns.${field}`)).join(', ') : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('merge.kept')}>{t('merge.keptText')}</Descriptions.Item>
          </Descriptions>
        </>
      ) : null}
    </Modal>
  );
};
