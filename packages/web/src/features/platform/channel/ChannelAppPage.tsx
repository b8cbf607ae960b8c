import '../shared/i18n';
import { useEffect, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Form,
  Input,
  Result,
  Row,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  canUsePlatformApp,
  channelAppFields,
  channelAppValueMaxLength,
  type ChannelAppType,
  type PlatformChannelApp,
  type PlatformChannelAppTest,
} from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { useCan } from '../../../shared/components/Authorized';
import { formatDateTime } from '../shared/format';
import { PLATFORM_NS } from '../shared/i18n';
import { reportUnlessHandled } from '../shared/reportError';
import { CHANNEL_APPS_QUERY_KEY, fetchChannelApps, saveChannelApp, testChannelApp } from './api';

/** What platform staff enter in the app's settings on the platform: where it calls us. */
const addressesOf = (type: ChannelAppType): { label: string; path: string }[] =>
  type === 'wechat_open'
    ? [
        { label: 'authEventAddress', path: '/channel/webhook/platform/wechat_open' },
        // WeChat puts the official account's AppID in place of $APPID$.
        { label: 'messageAddress', path: '/channel/webhook/platform/mp/$APPID$' },
      ]
    : canUsePlatformApp(type)
      ? [{ label: 'pushAddress', path: `/channel/webhook/platform/${type}` }]
      : [];

/** One platform's app: its fields (secrets write-only), save, and a test where the platform allows one. */
const ChannelAppCard = ({ app, canEdit }: { app: PlatformChannelApp; canEdit: boolean }) => {
  const { t } = useTranslation(PLATFORM_NS);
  const { message: toast } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Record<string, string>>();
  const [result, setResult] = useState<PlatformChannelAppTest | null>(null);
  const fields = channelAppFields[app.type];
  useEffect(() => form.setFieldsValue(app.settings), [form, app]);

  const save = useMutation({
    mutationFn: (values: Record<string, string>) => saveChannelApp(app.type, values),
    onSuccess: (saved) => {
      queryClient.setQueryData<PlatformChannelApp[]>(CHANNEL_APPS_QUERY_KEY, (list) =>
        list?.map((entry) => (entry.type === saved.type ? saved : entry)),
      );
      // Secrets are never sent back: the inputs empty again.
      form.setFieldsValue(
        Object.fromEntries(fields.filter((field) => field.isSecret).map((field) => [field.key, ''])),
      );
      setResult(null);
      void toast.success(t('channelPage.saved', { name: t(`channelPage.types.${app.type}`) }));
    },
    onError: (error) => {
      const { fields: errors } = parseError(error);
      form.setFields(
        Object.entries(errors).map(([name, text]) => ({
          name: name.replace(/^values\./, ''),
          errors: [text],
        })),
      );
      reportUnlessHandled(error);
    },
  });
  const test = useMutation({
    mutationFn: () => testChannelApp(app.type),
    onSuccess: setResult,
    onError: reportUnlessHandled,
  });

  return (
    <Card
      title={t(`channelPage.types.${app.type}`)}
      extra={
        app.isConfigured ? (
          <Tag color="green">{t('channelPage.configured')}</Tag>
        ) : (
          <Tag>{t('channelPage.notConfigured')}</Tag>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t(`channelPage.hints.${app.type}`)}</Typography.Paragraph>
      {addressesOf(app.type).map(({ label, path }) => (
        <Typography.Paragraph key={label}>
          {t(`channelPage.${label}`)}{' '}
          <Typography.Text code copyable>
            {`${window.location.origin}${path}`}
          </Typography.Text>
        </Typography.Paragraph>
      ))}
      <Form<Record<string, string>>
        form={form}
        layout="vertical"
        name={`channel-app-${app.type}`}
        disabled={!canEdit}
        initialValues={app.settings}
        onFinish={(values) =>
          save.mutate(
            Object.fromEntries(fields.map((field) => [field.key, (values[field.key] ?? '').trim()])),
          )
        }
      >
        {fields.map((field) => {
          const isSet = app.secretsSet.includes(field.key);
          return (
            <Form.Item
              key={field.key}
              name={field.key}
              label={t(`channelPage.fields.${field.key}`)}
              extra={field.isSecret && isSet ? t('channelPage.secretSet') : undefined}
              rules={[
                field.isSecret && isSet
                  ? {}
                  : { required: true, whitespace: true, message: t('channelPage.required') },
                {
                  max: channelAppValueMaxLength,
                  message: t('channelPage.tooLong', { max: channelAppValueMaxLength }),
                },
              ]}
            >
              {field.isSecret ? (
                <Input.Password
                  autoComplete="new-password"
                  placeholder={isSet ? t('channelPage.keepSecret') : undefined}
                />
              ) : (
                <Input autoComplete="off" />
              )}
            </Form.Item>
          );
        })}
        {result ? (
          <Alert
            style={{ marginBottom: 16 }}
            type={result.ok ? 'success' : 'error'}
            showIcon
            title={
              result.ok ? t('channelPage.testOk') : t('channelPage.testFailed', { detail: result.detail })
            }
          />
        ) : null}
        <Space wrap>
          {canEdit ? (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          ) : null}
          {app.canTest ? (
            <Button
              htmlType="button"
              disabled={!app.isConfigured}
              loading={test.isPending}
              onClick={() => test.mutate()}
            >
              {t('channelPage.test')}
            </Button>
          ) : null}
          {app.updatedAt ? (
            <Typography.Text type="secondary">
              {t('channelPage.updatedAt', { time: formatDateTime(app.updatedAt) })}
            </Typography.Text>
          ) : null}
        </Space>
      </Form>
    </Card>
  );
};

/**
 * Platform → channels (`/stable/platform/channel`): the platform's own apps on WeChat Open
 * Platform, Shopee and Lazada. Secrets are write-only: the page shows which are set.
 */
export const ChannelAppPage = () => {
  const { t } = useTranslation(PLATFORM_NS);
  const canDo = useCan();
  const apps = useQuery({ queryKey: CHANNEL_APPS_QUERY_KEY, queryFn: fetchChannelApps });
  const canEdit = canDo('platform.channel.edit');
  if (apps.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (apps.isError)
    return (
      <Result
        status="error"
        title={t('common.loadFailed', { message: parseError(apps.error).message })}
        extra={<Button onClick={() => void apps.refetch()}>{t('common.retry')}</Button>}
      />
    );
  return (
    <>
      <Alert type="info" showIcon title={t('channelPage.intro')} style={{ marginBottom: 16 }} />
      <Row gutter={[16, 16]}>
        {apps.data.map((app) => (
          <Col key={app.type} xs={24} xl={12}>
            <ChannelAppCard app={app} canEdit={canEdit} />
          </Col>
        ))}
      </Row>
    </>
  );
};
