import { useState } from 'react';
import { App, Button, Form, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { greetingTipFields, type Envelope, type GreetingTips } from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import { i18n } from '../../../shared/i18n';
import type { GroupFormValues } from './groupForm';
import { reportUnlessHandled } from './report';

/** `GET /api/platform/greeting/default`: the platform's default tips in the console's language. */
const fetchPlatformTips = async (): Promise<GreetingTips> =>
  (
    await http.get<Envelope<GreetingTips>>('/api/platform/greeting/default', {
      params: { language: i18n.language },
    })
  ).data;

/**
 * "Use platform defaults" in the group form's tips: copies the platform's default tips (platform →
 * greetings) into the form, after a confirm; tips the platform has no text for are left as they are.
 */
export const PlatformTipsButton = () => {
  const { t } = useTranslation('kefuGroup');
  const { message: toast } = App.useApp();
  const form = Form.useFormInstance<GroupFormValues>();
  const [isLoading, setLoading] = useState(false);

  const apply = async () => {
    setLoading(true);
    try {
      const tips = await fetchPlatformTips();
      const filled = greetingTipFields.filter((field) => tips[field].trim() !== '');
      if (filled.length === 0) {
        void toast.info(t('platformTips.none'));
        return;
      }
      form.setFieldsValue(Object.fromEntries(filled.map((field) => [field, tips[field]])));
      void toast.success(t('platformTips.applied', { count: filled.length }));
    } catch (error) {
      reportUnlessHandled(error);
    } finally {
      setLoading(false);
    }
  };

  return (
    <Popconfirm
      title={t('platformTips.confirm')}
      description={t('platformTips.confirmHint')}
      okText={t('platformTips.button')}
      onConfirm={() => apply()}
    >
      <Button loading={isLoading}>{t('platformTips.button')}</Button>
    </Popconfirm>
  );
};
