import './i18n';
import { useState } from 'react';
import { Button, Form, Input, Modal, Tooltip, Typography } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isWebUrl, redPacketInputSchema, type RedPacket } from '@openkefu/contract';
import { WORKBENCH_NS } from '../i18n';

type Values = { amount: string; greeting?: string; code?: string; url?: string };

/** A red packet the agent gives: what it is worth, a greeting, the code and where to use it. */
export const SendRedPacketButton = ({
  isDisabled = false,
  onSend,
}: {
  isDisabled?: boolean;
  onSend: (redPacket: RedPacket) => void;
}) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const [isOpen, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const parsed = redPacketInputSchema.safeParse({
      amount: values.amount,
      greeting: values.greeting ?? '',
      code: values.code ?? '',
      url: values.url?.trim() ?? '',
    });
    if (!parsed.success) return;
    onSend(parsed.data);
    form.resetFields();
    setOpen(false);
  };

  return (
    <>
      <Tooltip title={t('redPacket.send')}>
        <Button
          type="text"
          icon={<GiftOutlined />}
          aria-label={t('redPacket.send')}
          disabled={isDisabled}
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      <Modal
        open={isOpen}
        title={t('redPacket.send')}
        okText={t('redPacket.submit')}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('redPacket.hint')}</Typography.Paragraph>
        <Form form={form} layout="vertical" name="redPacket">
          <Form.Item
            name="amount"
            label={t('redPacket.amount')}
            rules={[{ required: true, whitespace: true, message: t('redPacket.required') }]}
          >
            <Input maxLength={30} placeholder={t('redPacket.amountPlaceholder')} />
          </Form.Item>
          <Form.Item name="greeting" label={t('redPacket.greeting')}>
            <Input maxLength={100} placeholder={t('redPacket.greetingPlaceholder')} />
          </Form.Item>
          <Form.Item name="code" label={t('redPacket.code')}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item
            name="url"
            label={t('redPacket.url')}
            rules={[
              {
                validator: async (_, value?: string) => {
                  if (value?.trim() && !isWebUrl(value.trim())) throw new Error(t('redPacket.badUrl'));
                },
              },
            ]}
          >
            <Input maxLength={2000} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
};
