import { useState } from 'react';
import { App, Button, Card, Col, Form, Input, Row, Space, Typography } from 'antd';
import { MailOutlined, MobileOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AccountBinding, User } from '@openkefu/contract';
import { isHttpError } from '../../../shared/api/http';
import { useProfile } from '../../../shared/auth/profileStore';
import { bindEmail, bindMobile, ME_QUERY_KEY, refreshProfile, sendBindingCode } from '../api';
import { showErrorOnForm } from '../errors';
import { SETTINGS_NS } from '../i18n';
import { CodeButton } from '../components/CodeButton';
import { ScanBindingCard } from './ScanBindingCard';

/** The contract's checks, repeated here so a typo is caught before a code is sent. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE_PATTERN = /^\+?[0-9]{6,20}$/;
const CODE_PATTERN = /^[0-9]{6}$/;

type Channel = 'email' | 'mobile';
type BindFormValues = { address: string; code: string };

const sameAddress = (channel: Channel, a: string, b: string | null | undefined) =>
  b !== null &&
  b !== undefined &&
  (channel === 'email' ? a.trim().toLowerCase() === b.toLowerCase() : a.replace(/\s+/g, '') === b);

const BindCard = ({ channel, current }: { channel: Channel; current: string | null | undefined }) => {
  const { t } = useTranslation(SETTINGS_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BindFormValues>();
  const [isBinding, setBinding] = useState(false);
  const isEmail = channel === 'email';

  /** Server errors about the address or the code go under those inputs. */
  const showError = (error: unknown) => {
    // The server names the field `email` / `mobile`; here it is the form's `address`.
    if (isHttpError(error) && error.fields[channel] !== undefined) {
      form.setFields([{ name: 'address', errors: [error.message] }]);
      return;
    }
    showErrorOnForm(form, error, ['code']);
  };

  const send = async (): Promise<false | number> => {
    try {
      await form.validateFields(['address']);
    } catch {
      return false;
    }
    const address = form.getFieldValue('address') as string;
    try {
      const sent = await sendBindingCode(channel, address.trim());
      void message.info(
        t('binding.codeSent', { address: address.trim(), minutes: Math.round(sent.expiresIn / 60) }),
      );
      return sent.resendAfter;
    } catch (error) {
      showError(error);
      // Asked too soon: wait out what the server says before offering the button again.
      return isHttpError(error) && error.status === 429 && error.retryAfter ? error.retryAfter : false;
    }
  };

  const bind = async ({ address, code }: BindFormValues) => {
    setBinding(true);
    try {
      const trimmed = address.trim();
      const binding: AccountBinding = isEmail
        ? await bindEmail({ email: trimmed, code: code.trim() })
        : await bindMobile({ mobile: trimmed, code: code.trim() });
      queryClient.setQueryData<User>(ME_QUERY_KEY, (me) => (me ? { ...me, ...binding } : me));
      void message.success(
        t(isEmail ? 'binding.emailBound' : 'binding.mobileBound', { value: binding[channel] ?? trimmed }),
      );
      form.resetFields();
      await refreshProfile().catch(() => undefined);
    } catch (error) {
      showError(error);
    } finally {
      setBinding(false);
    }
  };

  return (
    <Card
      className="ok-settings__bind-card"
      data-channel={channel}
      title={
        <Space>
          {isEmail ? <MailOutlined /> : <MobileOutlined />}
          {t(isEmail ? 'binding.email' : 'binding.mobile')}
        </Space>
      }
    >
      <Typography.Paragraph>
        <Typography.Text type="secondary">{t('binding.current')}: </Typography.Text>
        {current ? (
          <Typography.Text strong data-testid={`${channel}-current`}>
            {current}
          </Typography.Text>
        ) : (
          <Typography.Text type="warning" data-testid={`${channel}-current`}>
            {t('binding.notBound')}
          </Typography.Text>
        )}
      </Typography.Paragraph>
      <Form<BindFormValues>
        form={form}
        // Two forms on the page: the name keeps their input ids (and so their labels) apart.
        name={`bind-${channel}`}
        layout="vertical"
        onFinish={(values) => void bind(values)}
      >
        <Form.Item
          name="address"
          label={t(isEmail ? 'binding.newEmail' : 'binding.newMobile')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t(isEmail ? 'binding.emailRequired' : 'binding.mobileRequired'),
            },
            {
              validator: async (_, value: string | undefined) => {
                const text = (value ?? '').trim();
                if (text === '') return;
                const pattern = isEmail ? EMAIL_PATTERN : MOBILE_PATTERN;
                if (!pattern.test(isEmail ? text : text.replace(/\s+/g, '')))
                  throw new Error(t(isEmail ? 'binding.emailInvalid' : 'binding.mobileInvalid'));
                if (sameAddress(channel, text, current)) throw new Error(t('binding.sameAsCurrent'));
              },
            },
          ]}
        >
          <Input
            type={isEmail ? 'email' : 'tel'}
            maxLength={isEmail ? 128 : 21}
            autoComplete={isEmail ? 'email' : 'tel'}
          />
        </Form.Item>
        <Form.Item label={t('binding.code')} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="code"
              noStyle
              rules={[
                { required: true, message: t('binding.codeRequired') },
                { pattern: CODE_PATTERN, message: t('binding.codeInvalid') },
              ]}
            >
              <Input
                aria-label={t('binding.code')}
                inputMode="numeric"
                maxLength={6}
                autoComplete="one-time-code"
              />
            </Form.Item>
            <CodeButton onSend={send} />
          </Space.Compact>
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={isBinding}>
            {current
              ? t(isEmail ? 'binding.changeEmail' : 'binding.changeMobile')
              : t(isEmail ? 'binding.bindEmail' : 'binding.bindMobile')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
};

/** Account settings → binding: bind or change the email and mobile, each proven with a code. */
export const BindingView = () => {
  const { t } = useTranslation(SETTINGS_NS);
  const profile = useProfile();
  return (
    <>
      <Typography.Paragraph type="secondary">{t('binding.intro')}</Typography.Paragraph>
      <Row gutter={[24, 24]}>
        <Col xs={24} xl={12}>
          <BindCard channel="email" current={profile?.email} />
        </Col>
        <Col xs={24} xl={12}>
          <BindCard channel="mobile" current={profile?.mobile} />
        </Col>
        <Col xs={24} xl={12}>
          <ScanBindingCard />
        </Col>
      </Row>
    </>
  );
};
