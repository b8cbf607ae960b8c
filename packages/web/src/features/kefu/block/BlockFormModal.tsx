import './i18n';
import { useEffect, useState } from 'react';
import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { isIP, type Block, type BlockCreateBody } from '@openkefu/contract';
import { showFormError } from '../shared/errors';
import { createBlock } from './api';
import { KEFU_BLOCK_NS } from './i18n';

/** Contract `blockCreateBodySchema`: the reason's length limit. */
export const NOTE_MAX_LENGTH = 255;

const HOUR = 3_600_000;
const DURATIONS = { hour: HOUR, day: 24 * HOUR, week: 7 * 24 * HOUR, month: 30 * 24 * HOUR, forever: 0 };
type Duration = keyof typeof DURATIONS;

type Values = { target: 'visitor' | 'ip'; ip: string; note: string; duration: Duration };

/** The visitor being blocked from the workbench; absent: the page's "block an IP address". */
export type BlockTargetVisitor = { vid: string; nickname: string; ip: string };

export type BlockFormModalProps = {
  open: boolean;
  visitor?: BlockTargetVisitor | null;
  onClose: () => void;
  onBlocked: (block: Block) => void;
};

/** Blocks a visitor or an address, with a reason and how long; validated here and by the server. */
export const BlockFormModal = ({ open, visitor, onClose, onBlocked }: BlockFormModalProps) => {
  const { t } = useTranslation(KEFU_BLOCK_NS);
  const [form] = Form.useForm<Values>();
  const [isSaving, setSaving] = useState(false);

  useEffect(() => {
    if (open)
      form.setFieldsValue({ target: visitor ? 'visitor' : 'ip', ip: '', note: '', duration: 'forever' });
  }, [form, open, visitor]);

  const submit = async () => {
    const values = await form.validateFields();
    const span = DURATIONS[values.duration];
    const byVisitor = visitor && values.target === 'visitor';
    const body: BlockCreateBody = {
      type: byVisitor ? 'visitor' : 'ip',
      ...(byVisitor ? { vid: visitor.vid } : { ip: visitor ? visitor.ip : values.ip.trim() }),
      note: (values.note ?? '').trim(),
      endAt: span === 0 ? null : Date.now() + span,
    };
    setSaving(true);
    try {
      onBlocked(await createBlock(body));
      onClose();
    } catch (error) {
      showFormError(form, error, ['ip', 'note']);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={
        visitor ? t('form.titleVisitor', { visitor: visitor.nickname || visitor.vid }) : t('form.titleIp')
      }
      okText={t('form.submit')}
      okButtonProps={{ danger: true }}
      cancelText={t('form.cancel')}
      confirmLoading={isSaving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Alert type="info" showIcon title={t('form.hint')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" requiredMark={false}>
        {visitor ? (
          <Form.Item name="target" label={t('form.target')}>
            <Radio.Group
              options={[
                { value: 'visitor', label: t('form.targetVisitor') },
                ...(visitor.ip ? [{ value: 'ip', label: t('form.targetIp', { ip: visitor.ip }) }] : []),
              ]}
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="ip"
            label={t('form.ip')}
            rules={[
              { required: true, whitespace: true, message: t('form.ipRequired') },
              {
                validator: async (_, value: string | undefined) => {
                  if (value && value.trim() && !isIP(value.trim())) throw new Error(t('form.ipInvalid'));
                },
              },
            ]}
          >
            <Input placeholder="203.0.113.9" autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item
          name="note"
          label={t('form.note')}
          rules={[{ max: NOTE_MAX_LENGTH, message: t('form.noteTooLong') }]}
        >
          <Input.TextArea placeholder={t('form.notePlaceholder')} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
        <Form.Item name="duration" label={t('form.duration')}>
          <Select
            options={(Object.keys(DURATIONS) as Duration[]).map((value) => ({
              value,
              label: t(`form.durations.${value}`),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
