import { App, Form } from 'antd';
import { ProFormDateTimeRangePicker, ProFormSwitch, ProFormText } from '@ant-design/pro-components';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Announcement, AnnouncementSaveBody } from '@openkefu/contract';
import { RichTextEditor, type RichTextValue } from '../../../shared/editor';
import { BILLING_NS } from '../../billing/i18n';
import { ConfirmModalForm } from '../../billing/shared/ConfirmModalForm';
import { saveAnnouncement } from './api';

export type AnnouncementForm = {
  title?: string;
  content?: RichTextValue;
  range?: [unknown, unknown];
  onLoginPage?: boolean;
  enabled?: boolean;
};

/** The contract's limit on an announcement's HTML. */
export const ANNOUNCEMENT_CONTENT_MAX = 20_000;

const toTime = (value: unknown): number => dayjs(value as string).valueOf();

export const announcementFormOf = (announcement: Announcement | null): AnnouncementForm =>
  announcement
    ? {
        title: announcement.title,
        content: { html: announcement.content, markdown: '' },
        range: [dayjs(announcement.startsAt), dayjs(announcement.endsAt)],
        onLoginPage: announcement.onLoginPage,
        enabled: announcement.enabled,
      }
    : {
        content: { html: '', markdown: '' },
        range: [dayjs(), dayjs().add(7, 'day').endOf('day')],
        onLoginPage: false,
        enabled: true,
      };

export const announcementBodyOf = (values: AnnouncementForm, anid?: string): AnnouncementSaveBody => ({
  ...(anid ? { anid } : {}),
  title: values.title?.trim() ?? '',
  content: values.content?.html ?? '',
  startsAt: toTime(values.range?.[0]),
  endsAt: toTime(values.range?.[1]),
  onLoginPage: values.onLoginPage ?? false,
  enabled: values.enabled ?? true,
});

/** Create or change an announcement: a title, rich-text content, when it runs and where it shows. */
export const AnnouncementModal = ({
  announcement,
  onClose,
  onDone,
}: {
  announcement: Announcement | null;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation(BILLING_NS);
  const { message } = App.useApp();
  return (
    <ConfirmModalForm<AnnouncementForm>
      name="platform-announcement"
      title={
        announcement
          ? t('marketing.announcement.editTitle', { title: announcement.title })
          : t('marketing.announcement.createTitle')
      }
      width={760}
      onClose={onClose}
      initialValues={announcementFormOf(announcement)}
      submitText={t('common.save')}
      onSubmit={async (values) => {
        const saved = await saveAnnouncement(announcementBodyOf(values, announcement?.anid));
        void message.success(t('marketing.announcement.saved', { title: saved.title }));
        onDone();
      }}
    >
      <ProFormText
        name="title"
        label={t('marketing.announcement.fields.title')}
        fieldProps={{ maxLength: 100, showCount: true }}
        rules={[
          { required: true, whitespace: true, message: t('marketing.announcement.validation.titleRequired') },
          { max: 100, message: t('common.tooLong', { max: 100 }) },
        ]}
      />
      <Form.Item
        name="content"
        label={t('marketing.announcement.fields.content')}
        rules={[
          {
            validator: async (_: unknown, value: RichTextValue | undefined) => {
              if ((value?.html.length ?? 0) > ANNOUNCEMENT_CONTENT_MAX)
                throw new Error(
                  t('marketing.announcement.validation.contentTooLong', { max: ANNOUNCEMENT_CONTENT_MAX }),
                );
            },
          },
        ]}
      >
        <RichTextEditor ariaLabel={t('marketing.announcement.fields.content')} minHeight={180} />
      </Form.Item>
      <ProFormDateTimeRangePicker
        name="range"
        label={t('marketing.announcement.fields.range')}
        fieldProps={{ style: { width: '100%' } }}
        rules={[
          { required: true, message: t('marketing.announcement.validation.rangeRequired') },
          {
            validator: async (_: unknown, value: [unknown, unknown] | undefined) => {
              if (!value?.[0] || !value[1]) return;
              if (toTime(value[1]) <= toTime(value[0]))
                throw new Error(t('marketing.announcement.validation.range'));
            },
          },
        ]}
      />
      <ProFormSwitch
        name="onLoginPage"
        label={t('marketing.announcement.fields.onLoginPage')}
        tooltip={t('marketing.announcement.help.onLoginPage')}
      />
      <ProFormSwitch name="enabled" label={t('marketing.announcement.fields.enabled')} />
    </ConfirmModalForm>
  );
};
