import '../shared/i18n';
import { useEffect } from 'react';
import { Alert, App, Button, Card, Form, Input, Result, Skeleton, Space, Tabs, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  greetingTipFields,
  greetingTipMaxLength,
  type GreetingTips,
  type Language,
  type PlatformGreeting,
} from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { useCan } from '../../../shared/components/Authorized';
import { formatDateTime } from '../shared/format';
import { PLATFORM_NS } from '../shared/i18n';
import { reportUnlessHandled } from '../shared/reportError';
import { fetchPlatformGreetings, GREETINGS_QUERY_KEY, savePlatformGreeting } from './api';

const LANGUAGE_LABELS: Record<Language, string> = { 'en-US': 'English (en-US)', 'zh-CN': '简体中文 (zh-CN)' };

/** One language's tips: a text area per tip, saved together. */
const GreetingForm = ({ greeting, canEdit }: { greeting: PlatformGreeting; canEdit: boolean }) => {
  const { t } = useTranslation(PLATFORM_NS);
  const { message: toast } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<GreetingTips>();
  useEffect(() => form.setFieldsValue(greeting.tips), [form, greeting]);
  const save = useMutation({
    mutationFn: (tips: GreetingTips) => savePlatformGreeting(greeting.language, tips),
    onSuccess: (saved) => {
      queryClient.setQueryData<PlatformGreeting[]>(GREETINGS_QUERY_KEY, (list) =>
        list?.map((entry) => (entry.language === saved.language ? saved : entry)),
      );
      void toast.success(t('greetingPage.saved', { language: LANGUAGE_LABELS[saved.language] }));
    },
    onError: (error) => {
      // The server names the fields tips.<field>; the form's are <field>.
      const { fields } = parseError(error);
      form.setFields(
        Object.entries(fields).map(([name, text]) => ({
          name: name.replace(/^tips\./, '') as keyof GreetingTips,
          errors: [text],
        })),
      );
      reportUnlessHandled(error);
    },
  });
  return (
    <Form<GreetingTips>
      form={form}
      layout="vertical"
      name={`greeting-${greeting.language}`}
      initialValues={greeting.tips}
      disabled={!canEdit}
      onFinish={(values) => save.mutate(values)}
    >
      <Typography.Paragraph type="secondary">
        {greeting.updatedAt
          ? t('greetingPage.updatedAt', { time: formatDateTime(greeting.updatedAt) })
          : t('greetingPage.neverSaved')}
      </Typography.Paragraph>
      {greetingTipFields.map((field) => (
        <Form.Item
          key={field}
          name={field}
          label={t(`greetingPage.fields.${field}`)}
          rules={[
            { max: greetingTipMaxLength, message: t('greetingPage.tooLong', { max: greetingTipMaxLength }) },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 1, maxRows: 4 }} maxLength={greetingTipMaxLength} showCount />
        </Form.Item>
      ))}
      {canEdit ? (
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
          <Button htmlType="button" onClick={() => form.setFieldsValue(greeting.tips)}>
            {t('greetingPage.reset')}
          </Button>
        </Space>
      ) : null}
    </Form>
  );
};

/**
 * Platform → greetings (`/stable/platform/greeting`): the default tips a new skill group starts
 * with where its creator leaves them empty, per console language.
 */
export const GreetingPage = () => {
  const { t } = useTranslation(PLATFORM_NS);
  const canDo = useCan();
  const greetings = useQuery({ queryKey: GREETINGS_QUERY_KEY, queryFn: fetchPlatformGreetings });
  const canEdit = canDo('platform.greeting.edit');

  let body;
  if (greetings.isPending) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else if (greetings.isError)
    body = (
      <Result
        status="error"
        title={t('common.loadFailed', { message: parseError(greetings.error).message })}
        extra={
          <Button onClick={() => void greetings.refetch()} loading={greetings.isFetching}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  else
    body = (
      <Tabs
        items={greetings.data.map((greeting) => ({
          key: greeting.language,
          label: LANGUAGE_LABELS[greeting.language],
          children: <GreetingForm greeting={greeting} canEdit={canEdit} />,
        }))}
      />
    );

  return (
    <Card title={t('greetingPage.title')}>
      <Alert type="info" showIcon title={t('greetingPage.intro')} style={{ marginBottom: 16 }} />
      {body}
    </Card>
  );
};
