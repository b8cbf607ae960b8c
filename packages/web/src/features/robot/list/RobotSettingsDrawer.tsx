import { useEffect, useState } from 'react';
import {
  Alert,
  App,
  Avatar,
  Button,
  Drawer,
  Form,
  Input,
  InputNumber,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { User } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { showFormError } from '../../../shared/api/reportError';
import { updateRobotSettings } from '../shared/api';
import { robotSettingsKey, useRobotSettings } from '../shared/hooks';
import { ROBOT_NS } from '../shared/i18n';
import { MatchTestPanel } from '../shared/MatchTestPanel';
import { NOT_FOUND_TIP_MAX, type SettingsFormValues } from './robotForm';

export type RobotSettingsDrawerProps = {
  robot: User | null;
  canEdit: boolean;
  onClose: () => void;
};

/**
 * A robot's answering settings — the not-found tip and the two confidence thresholds — with the
 * test box beside them, so a change can be tried at once against this robot.
 */
export const RobotSettingsDrawer = ({ robot, canEdit, onClose }: RobotSettingsDrawerProps) => {
  const { t } = useTranslation(ROBOT_NS);
  const { message: toast } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SettingsFormValues>();
  const [isSaving, setSaving] = useState(false);
  const settings = useRobotSettings(robot?.uid ?? '', robot !== null);

  useEffect(() => {
    if (!settings.data) return;
    form.setFieldsValue({
      notFoundTip: settings.data.notFoundTip,
      threshold: settings.data.threshold,
      suggestThreshold: settings.data.suggestThreshold,
    });
  }, [settings.data, form]);

  const save = async (values: SettingsFormValues) => {
    if (!robot) return;
    setSaving(true);
    try {
      const saved = await updateRobotSettings({
        uid: robot.uid,
        notFoundTip: values.notFoundTip.trim(),
        threshold: values.threshold,
        suggestThreshold: values.suggestThreshold,
      });
      queryClient.setQueryData(robotSettingsKey(robot.uid), saved);
      void toast.success(t('settings.saved', { name: robot.nickname }));
    } catch (error) {
      showFormError(form, error, ['notFoundTip', 'threshold', 'suggestThreshold']);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={robot !== null}
      title={robot ? t('settings.title', { name: robot.nickname }) : ''}
      size={1000}
      onClose={onClose}
      destroyOnHidden
    >
      {robot && (
        <div className="ok-robot-settings">
          <section aria-label={t('settings.formTitle')}>
            <Space style={{ marginBottom: 16 }}>
              <Avatar src={robot.avatar || undefined} icon={<RobotOutlined />} alt="" />
              <div>
                <Typography.Text strong>{robot.nickname}</Typography.Text>
                <br />
                <Typography.Text type="secondary">
                  {robot.robotType ? t(`robotTypes.${robot.robotType}`) : t('common.none')}
                </Typography.Text>
              </div>
            </Space>
            <Typography.Paragraph>
              <Typography.Text type="secondary">{t('list.fields.welcomeTip')}: </Typography.Text>
              {robot.welcomeTip || t('settings.noWelcome')}
            </Typography.Paragraph>
            {settings.isError ? (
              <Alert
                type="error"
                showIcon
                title={t('settings.loadFailed')}
                description={parseError(settings.error).message}
              />
            ) : settings.isPending ? (
              <Skeleton active paragraph={{ rows: 5 }} />
            ) : (
              <Form<SettingsFormValues>
                form={form}
                layout="vertical"
                name="robot-settings"
                disabled={!canEdit}
                onFinish={(values) => void save(values)}
              >
                <Form.Item
                  name="notFoundTip"
                  label={t('settings.notFoundTip')}
                  extra={t('settings.notFoundTipHint')}
                  rules={[
                    {
                      max: NOT_FOUND_TIP_MAX,
                      message: t('validation.tooLong', {
                        field: t('settings.notFoundTip'),
                        max: NOT_FOUND_TIP_MAX,
                      }),
                    },
                  ]}
                >
                  <Input.TextArea
                    autoSize={{ minRows: 2, maxRows: 5 }}
                    maxLength={NOT_FOUND_TIP_MAX}
                    showCount
                  />
                </Form.Item>
                <Form.Item
                  name="threshold"
                  label={t('settings.threshold')}
                  extra={t('settings.thresholdHint')}
                  rules={[{ required: true, message: t('settings.thresholdRequired') }]}
                >
                  <InputNumber min={0} max={1} step={0.05} precision={2} />
                </Form.Item>
                <Form.Item
                  name="suggestThreshold"
                  label={t('settings.suggestThreshold')}
                  extra={t('settings.suggestThresholdHint')}
                  dependencies={['threshold']}
                  rules={[
                    { required: true, message: t('settings.thresholdRequired') },
                    ({ getFieldValue }) => ({
                      validator: async (_, value: number | null | undefined) => {
                        const threshold = getFieldValue('threshold') as number | null | undefined;
                        if (typeof value === 'number' && typeof threshold === 'number' && value >= threshold)
                          throw new Error(t('settings.suggestBelow'));
                      },
                    }),
                  ]}
                >
                  <InputNumber min={0} max={1} step={0.05} precision={2} />
                </Form.Item>
                {canEdit && (
                  <Button type="primary" htmlType="submit" loading={isSaving}>
                    {t('actions.save')}
                  </Button>
                )}
              </Form>
            )}
          </section>
          <div className="ok-robot-settings__test">
            <Typography.Title level={5}>{t('test.title')}</Typography.Title>
            <Typography.Paragraph type="secondary">{t('settings.testIntro')}</Typography.Paragraph>
            <MatchTestPanel robotUid={robot.uid} />
          </div>
        </div>
      )}
    </Drawer>
  );
};
