import { useEffect, useState } from 'react';
import { Alert, Descriptions, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { LeaveMessage } from '@openkefu/contract';
import { showFormError } from '../shared/errors';
import { KEFU_LEAVEMSG_NS } from './i18n';

/** Contract `leaveMessageReplyBodySchema`: the reply's length limit. */
export const REPLY_MAX_LENGTH = 2000;

type ReplyValues = { reply: string };

export type ReplyModalProps = {
  /** The message being answered; null keeps the modal closed. */
  message: LeaveMessage | null;
  onClose: () => void;
  /** Resolves when the server stored the reply; rejects with its error. */
  onSubmit: (message: LeaveMessage, reply: string) => Promise<void>;
};

/** Answers a leave message: the visitor's text and contact above, the reply below, validated. */
export const ReplyModal = ({ message, onClose, onSubmit }: ReplyModalProps) => {
  const { t } = useTranslation(KEFU_LEAVEMSG_NS);
  const [form] = Form.useForm<ReplyValues>();
  const [isSaving, setSaving] = useState(false);

  useEffect(() => {
    if (message) form.setFieldsValue({ reply: message.reply });
  }, [form, message]);

  const submit = async () => {
    if (!message) return;
    const values = await form.validateFields();
    setSaving(true);
    try {
      await onSubmit(message, values.reply.trim());
      onClose();
    } catch (error) {
      showFormError(form, error, ['reply']);
    } finally {
      setSaving(false);
    }
  };

  const contact = message ? [message.mobile, message.email].filter(Boolean).join(' · ') : '';
  return (
    <Modal
      open={message !== null}
      title={
        message ? t('replyModal.title', { visitor: message.visitor.nickname || message.visitor.vid }) : ''
      }
      okText={t('replyModal.submit')}
      cancelText={t('replyModal.cancel')}
      confirmLoading={isSaving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      {message ? (
        <>
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('replyModal.original')}>
              <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.content}</div>
            </Descriptions.Item>
            <Descriptions.Item label={t('replyModal.contact')}>{contact || '—'}</Descriptions.Item>
          </Descriptions>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            title={
              message.email ? t('replyModal.viaEmail', { email: message.email }) : t('replyModal.viaWidget')
            }
          />
        </>
      ) : null}
      <Form<ReplyValues> form={form} layout="vertical" name="leavemsg-reply">
        <Form.Item
          name="reply"
          label={t('replyModal.reply')}
          rules={[
            { required: true, whitespace: true, message: t('replyModal.required') },
            { max: REPLY_MAX_LENGTH, message: t('replyModal.tooLong', { max: REPLY_MAX_LENGTH }) },
          ]}
        >
          <Input.TextArea
            rows={5}
            placeholder={t('replyModal.placeholder')}
            showCount
            maxLength={REPLY_MAX_LENGTH}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};
