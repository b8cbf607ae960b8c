import './i18n';
import { useState } from 'react';
import { Button, Form, Input, Modal, Tooltip } from 'antd';
import { ShoppingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { commodityInputSchema, isWebUrl, type Commodity } from '@openkefu/contract';
import { WORKBENCH_NS } from '../i18n';

type Values = { title: string; price?: string; image?: string; url: string };

/** A product card the agent sends back: name, price, image and page, checked as the server checks them. */
export const SendCommodityButton = ({
  isDisabled = false,
  onSend,
}: {
  isDisabled?: boolean;
  onSend: (commodity: Commodity) => void;
}) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const [isOpen, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();

  const submit = async () => {
    // The form shows what is wrong beside each field.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const parsed = commodityInputSchema.safeParse({
      title: values.title,
      price: values.price ?? '',
      image: values.image ?? '',
      url: values.url,
    });
    if (!parsed.success) return;
    onSend(parsed.data);
    form.resetFields();
    setOpen(false);
  };

  return (
    <>
      <Tooltip title={t('commodity.send')}>
        <Button
          type="text"
          icon={<ShoppingOutlined />}
          aria-label={t('commodity.send')}
          disabled={isDisabled}
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      <Modal
        open={isOpen}
        title={t('commodity.send')}
        okText={t('commodity.submit')}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" name="commodity">
          <Form.Item
            name="title"
            label={t('commodity.title')}
            rules={[{ required: true, whitespace: true, message: t('commodity.required') }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="price" label={t('commodity.price')}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item
            name="image"
            label={t('commodity.image')}
            rules={[
              {
                validator: async (_, value?: string) => {
                  if (value && !(value.trim().startsWith('https://') && isWebUrl(value.trim())))
                    throw new Error(t('commodity.badImage'));
                },
              },
            ]}
          >
            <Input maxLength={2000} />
          </Form.Item>
          <Form.Item
            name="url"
            label={t('commodity.url')}
            rules={[
              { required: true, message: t('commodity.required') },
              {
                validator: async (_, value?: string) => {
                  if (value && !isWebUrl(value.trim())) throw new Error(t('commodity.badUrl'));
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
