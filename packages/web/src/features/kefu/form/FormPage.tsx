import './i18n';
import { App, Card, Select, Space, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../shared/components/Authorized';
import { FormListPage } from '../../form/list/FormListPage';
import { reportUnlessHandled } from '../shared/errors';
import { fetchPrechatDefault, fetchPublishedForms, savePrechatDefault } from './api';
import { KEFU_FORM_NS } from './i18n';

const PERMISSION = 'kefu.form';
const NONE = '';

/**
 * Kefu → pre-chat form (`/stable/kefu/form`, hidden): the form builder filtered to the forms asked
 * before a chat, and the organisation's default. A skill group chooses its own in its settings.
 */
export const FormPage = () => {
  const { t } = useTranslation(KEFU_FORM_NS);
  const { message } = App.useApp();
  const canDo = useCan();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: ['kefu-form', 'default'], queryFn: fetchPrechatDefault });
  const forms = useQuery({ queryKey: ['kefu-form', 'published'], queryFn: fetchPublishedForms });
  const save = useMutation({
    mutationFn: (fid: string) => savePrechatDefault(fid || null),
    onSuccess: (saved) => {
      queryClient.setQueryData(['kefu-form', 'default'], saved);
      void queryClient.invalidateQueries({ queryKey: ['form', 'survey'] });
      void message.success(t('defaultSaved'));
    },
    onError: reportUnlessHandled,
  });

  const options = [
    { value: NONE, label: t('defaultNone') },
    ...(forms.data ?? []).map((form) => ({ value: form.fid, label: form.title })),
  ];
  // The default may be a form no longer listed (never the case for a live one, but say its name).
  if (current.data?.fid && !options.some((option) => option.value === current.data.fid))
    options.push({ value: current.data.fid, label: current.data.title });

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('title')}>
        <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
        <Space wrap>
          <Typography.Text>{t('defaultLabel')}</Typography.Text>
          <Select
            aria-label={t('defaultLabel')}
            style={{ minWidth: 280 }}
            loading={current.isPending || forms.isPending || save.isPending}
            disabled={!canDo(`${PERMISSION}.edit`) || current.isPending}
            value={current.data?.fid ?? NONE}
            options={options}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(fid: string) => save.mutate(fid)}
          />
          {forms.isError ? <Typography.Text type="danger">{t('loadFailed')}</Typography.Text> : null}
        </Space>
      </Card>
      <FormListPage use="prechat" title={t('title')} />
    </Space>
  );
};
