import { useState } from 'react';
import { App, Button, Col, Form, Input, Radio, Row, Skeleton } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  autoReplyPresetSchema,
  type AutoReplyPreset,
  type ProfileUpdateBody,
  type User,
} from '@openkefu/contract';
import { AvatarField } from '../../../shared/components/Upload';
import { getProfile, setProfile } from '../../../shared/auth/profileStore';
import { ME_QUERY_KEY, refreshProfile, updateMyProfile } from '../api';
import { showErrorOnForm } from '../errors';
import { useMe } from '../hooks';
import { SETTINGS_NS } from '../i18n';
import { LoadError } from '../components/LoadError';

/** Limits of the contract's ProfileUpdateBody, checked before sending. */
export const NICKNAME_MAX = 32;
export const REAL_NAME_MAX = 32;
export const TEXT_MAX = 500;

export type BaseFormValues = {
  nickname: string;
  realName: string;
  avatar: string;
  description: string;
  welcomeTip: string;
  offlineTip: string;
  autoReplyType: AutoReplyPreset;
  autoReplyContent: string;
};

const valuesOf = (user: User): BaseFormValues => ({
  nickname: user.nickname,
  realName: user.realName,
  avatar: user.avatar,
  description: user.description,
  welcomeTip: user.welcomeTip,
  offlineTip: user.offlineTip,
  autoReplyType: user.autoReplyType,
  autoReplyContent: user.autoReplyContent,
});

/** The body sent on save; the auto-reply text travels only with the custom preset, which is the one that uses it. */
export const toProfileUpdateBody = (values: BaseFormValues): ProfileUpdateBody => ({
  nickname: values.nickname.trim(),
  realName: values.realName.trim(),
  avatar: values.avatar,
  description: values.description.trim(),
  welcomeTip: values.welcomeTip.trim(),
  offlineTip: values.offlineTip.trim(),
  autoReplyType: values.autoReplyType,
  ...(values.autoReplyType === 'custom' ? { autoReplyContent: values.autoReplyContent.trim() } : {}),
});

const formFields = [
  'nickname',
  'realName',
  'avatar',
  'description',
  'welcomeTip',
  'offlineTip',
  'autoReplyType',
  'autoReplyContent',
] as const;

const BaseForm = ({ user }: { user: User }) => {
  const { t } = useTranslation(SETTINGS_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BaseFormValues>();
  const [isSaving, setSaving] = useState(false);
  const autoReplyType = Form.useWatch('autoReplyType', form);
  const tooLong = (max: number) => ({ max, message: t('base.tooLong', { max }) });

  const save = async (values: BaseFormValues) => {
    setSaving(true);
    try {
      const saved = await updateMyProfile(toProfileUpdateBody(values));
      queryClient.setQueryData(ME_QUERY_KEY, saved);
      void message.success(t('base.updated'));
      try {
        await refreshProfile();
      } catch {
        // The save worked; keep the header in step from what the server answered.
        const current = getProfile();
        if (current) setProfile({ ...current, nickname: saved.nickname, avatar: saved.avatar });
      }
    } catch (error) {
      showErrorOnForm(form, error, formFields);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<BaseFormValues>
      form={form}
      layout="vertical"
      initialValues={valuesOf(user)}
      onFinish={(values) => void save(values)}
      requiredMark="optional"
      className="ok-settings__form"
    >
      <Row gutter={32}>
        <Col xs={24} lg={15}>
          <Form.Item
            name="nickname"
            label={t('base.nickname')}
            extra={t('base.nicknameHelp')}
            rules={[
              { required: true, whitespace: true, message: t('base.nicknameRequired') },
              tooLong(NICKNAME_MAX),
            ]}
          >
            <Input maxLength={NICKNAME_MAX} autoComplete="nickname" />
          </Form.Item>
          <Form.Item
            name="realName"
            label={t('base.realName')}
            extra={t('base.realNameHelp')}
            rules={[tooLong(REAL_NAME_MAX)]}
          >
            <Input maxLength={REAL_NAME_MAX} autoComplete="name" />
          </Form.Item>
          <Form.Item name="description" label={t('base.description')} rules={[tooLong(TEXT_MAX)]}>
            <Input.TextArea
              rows={3}
              maxLength={TEXT_MAX}
              showCount
              placeholder={t('base.descriptionPlaceholder')}
            />
          </Form.Item>
          <Form.Item
            name="welcomeTip"
            label={t('base.welcomeTip')}
            extra={t('base.welcomeTipHelp')}
            rules={[tooLong(TEXT_MAX)]}
          >
            <Input.TextArea rows={2} maxLength={TEXT_MAX} showCount />
          </Form.Item>
          <Form.Item
            name="offlineTip"
            label={t('base.offlineTip')}
            extra={t('base.offlineTipHelp')}
            rules={[tooLong(TEXT_MAX)]}
          >
            <Input.TextArea rows={2} maxLength={TEXT_MAX} showCount />
          </Form.Item>
          <Form.Item name="autoReplyType" label={t('base.autoReply')} extra={t('base.autoReplyHelp')}>
            <Radio.Group
              options={autoReplyPresetSchema.options.map((preset) => ({
                value: preset,
                label: t(`base.presets.${preset}`),
              }))}
            />
          </Form.Item>
          {autoReplyType === 'custom' && (
            <Form.Item
              name="autoReplyContent"
              label={t('base.autoReplyContent')}
              rules={[
                { required: true, whitespace: true, message: t('base.autoReplyContentRequired') },
                tooLong(TEXT_MAX),
              ]}
            >
              <Input.TextArea
                rows={2}
                maxLength={TEXT_MAX}
                showCount
                placeholder={t('base.autoReplyContentPlaceholder')}
              />
            </Form.Item>
          )}
        </Col>
        <Col xs={{ span: 24, order: -1 }} lg={{ span: 9, order: 0 }}>
          <Form.Item name="avatar" label={t('base.avatar')}>
            <AvatarField />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={isSaving}>
          {t('base.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
};

/** Account settings → basic settings: nickname, real name, avatar, introduction, tips and auto reply. */
export const BaseView = () => {
  const me = useMe();
  if (me.isPending) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (me.isError) return <LoadError error={me.error} onRetry={() => void me.refetch()} />;
  return <BaseForm user={me.data} />;
};
