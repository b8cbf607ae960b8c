import '../shared/i18n';
import '../shared/kb.css';
import { useEffect, useMemo, useState } from 'react';
import {
  Alert,
  App,
  Button,
  ColorPicker,
  Descriptions,
  Form,
  Input,
  Select,
  Skeleton,
  Space,
  Switch,
  Typography,
} from 'antd';
import { CopyOutlined, DeleteOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { HelpCenterSettingsBody, HelpCenterSettingsResponse, Language } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { useCan } from '../../../shared/components/Authorized';
import { THEME_COLORS } from '../../../shared/components/ThemeColorPicker';
import { ImageField } from '../../../shared/components/Upload';
import { RichTextEditor, type RichTextValue } from '../../../shared/editor';
import { copyText } from '../../../shared/utils/copy';
import { fetchKbSettings, saveKbSettings } from '../shared/api';
import { flattenTree } from '../shared/categoryTree';
import { useCategoryTree } from '../shared/hooks';
import { KB_NS } from '../shared/i18n';

const PERMISSION = 'kb.settings';
const NAV_LINKS_MAX = 8;
const HOME_CATEGORIES_MAX = 24;
const LANGUAGES: Language[] = ['zh-CN', 'en-US'];

type SettingsValues = Omit<HelpCenterSettingsBody, 'footerHtml'> & { footer: RichTextValue };

const valuesOf = (settings: HelpCenterSettingsResponse): SettingsValues => ({
  name: settings.name,
  logo: settings.logo,
  primaryColor: settings.primaryColor,
  languages: settings.languages,
  navLinks: settings.navLinks,
  published: settings.published,
  homeCategories: settings.homeCategories,
  footer: { html: settings.footerHtml, markdown: '' },
});

/** A server field (`navLinks.2.url`, `footerHtml`) → the form's field path. */
export const settingsFieldOf = (field: string): (string | number)[] => {
  if (field === 'footerHtml') return ['footer'];
  return field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
};

/** Knowledge base → settings (`/stable/kb/settings`): how the public help centre looks and where it lives. */
export const KbSettingsPage = () => {
  const { t } = useTranslation(KB_NS);
  const { message: toast } = App.useApp();
  const canDo = useCan();
  const canEdit = canDo(`${PERMISSION}.edit`);
  const [form] = Form.useForm<SettingsValues>();
  const [isSaving, setSaving] = useState(false);
  const [isDirty, setDirty] = useState(false);
  const query = useQuery({
    queryKey: ['kb', 'settings'],
    queryFn: fetchKbSettings,
    refetchOnWindowFocus: false,
  });
  const tree = useCategoryTree('support');
  const categoryOptions = useMemo(
    () => flattenTree(tree.data ?? []).map((node) => ({ value: node.cid, label: node.name })),
    [tree.data],
  );

  useEffect(() => {
    if (query.data) {
      form.setFieldsValue(valuesOf(query.data));
      setDirty(false);
    }
  }, [form, query.data]);

  const save = async () => {
    let values: SettingsValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const { footer, ...rest } = values;
      const saved = await saveKbSettings({
        ...rest,
        name: rest.name.trim(),
        navLinks: (rest.navLinks ?? []).map((link) => ({ title: link.title.trim(), url: link.url.trim() })),
        footerHtml: footer.html,
      });
      form.setFieldsValue(valuesOf(saved));
      setDirty(false);
      void toast.success(t('settings.saved'));
    } catch (error) {
      const { fields } = parseError(error);
      const entries = Object.entries(fields).map(([field, message]) => ({
        name: settingsFieldOf(field),
        errors: [message],
      }));
      if (entries.length > 0) form.setFields(entries as never);
      else reportUnlessHandled(error);
    } finally {
      setSaving(false);
    }
  };

  if (query.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={parseError(query.error).message}
        action={<Button onClick={() => void query.refetch()}>{t('actions.retry')}</Button>}
      />
    );
  if (query.isPending) return <Skeleton active paragraph={{ rows: 12 }} />;

  const settings = query.data;

  return (
    <div className="ok-kb-section">
      <Typography.Title level={4}>{t('settings.title')}</Typography.Title>
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 24 }}>
        <Descriptions.Item label={t('settings.url')}>
          <Space wrap>
            <Typography.Text code style={{ overflowWrap: 'anywhere' }}>
              {settings.url}
            </Typography.Text>
            <Button size="small" icon={<CopyOutlined />} onClick={() => void copyText(settings.url)}>
              {t('settings.copyUrl')}
            </Button>
            <Button
              size="small"
              icon={<ExportOutlined />}
              href={settings.url}
              target="_blank"
              rel="noopener noreferrer"
            >
              {t('settings.openUrl')}
            </Button>
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('settings.slug')}>
          <Typography.Text>{settings.slug}</Typography.Text>{' '}
          <Typography.Text type="secondary">{t('settings.slugHint')}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      {!settings.published && (
        <Alert type="warning" showIcon title={t('settings.unpublishedHint')} style={{ marginBottom: 16 }} />
      )}
      <Form<SettingsValues>
        form={form}
        layout="vertical"
        name="kb-settings"
        disabled={!canEdit}
        style={{ maxWidth: 860 }}
        onValuesChange={() => setDirty(true)}
        onFinish={() => void save()}
      >
        <Form.Item
          name="published"
          label={t('settings.published')}
          valuePropName="checked"
          extra={t('settings.publishedHint')}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('settings.name')}
          extra={t('settings.nameHint')}
          rules={[{ max: 60, message: t('validation.tooLong', { field: t('settings.name'), max: 60 }) }]}
        >
          <Input maxLength={60} />
        </Form.Item>
        <Form.Item name="logo" label={t('settings.logo')}>
          <ImageField kind="image" disabled={!canEdit} />
        </Form.Item>
        <Form.Item
          name="primaryColor"
          label={t('settings.primaryColor')}
          getValueFromEvent={(color: { toHexString: () => string }) => color.toHexString().toUpperCase()}
          // No `required` rule: the picker always holds a colour, and antd would put aria-required
          // on its trigger, a div without a role (axe: aria-allowed-attr).
          rules={[{ pattern: /^#[0-9a-fA-F]{6}$/, message: t('validation.color') }]}
        >
          <ColorPicker
            disabledAlpha
            showText
            format="hex"
            presets={[{ label: t('settings.palette'), colors: THEME_COLORS.map(({ color }) => color) }]}
          />
        </Form.Item>
        <Form.Item
          name="languages"
          label={t('settings.languages')}
          extra={t('settings.languagesHint')}
          rules={[{ required: true, type: 'array', min: 1, message: t('validation.languagesRequired') }]}
        >
          <Select
            mode="multiple"
            options={LANGUAGES.map((language) => ({
              value: language,
              label: t(`settings.language.${language}`),
            }))}
          />
        </Form.Item>
        <Form.Item label={t('settings.navLinks')} extra={t('settings.navLinksHint', { max: NAV_LINKS_MAX })}>
          <Form.List name="navLinks">
            {(fields, { add, remove }) => (
              <Space direction="vertical" style={{ width: '100%' }}>
                {fields.map((field, index) => (
                  <Space key={field.key} align="start" wrap>
                    <Form.Item
                      name={[field.name, 'title']}
                      noStyle={false}
                      style={{ marginBottom: 0 }}
                      rules={[
                        { required: true, whitespace: true, message: t('validation.linkTitleRequired') },
                        {
                          max: 40,
                          message: t('validation.tooLong', { field: t('settings.linkTitle'), max: 40 }),
                        },
                      ]}
                    >
                      <Input
                        aria-label={t('settings.linkTitleN', { n: index + 1 })}
                        placeholder={t('settings.linkTitle')}
                        maxLength={40}
                        style={{ width: 180 }}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'url']}
                      style={{ marginBottom: 0 }}
                      rules={[
                        { required: true, message: t('validation.url', { field: t('settings.linkUrl') }) },
                        {
                          pattern: /^https?:\/\/[^\s/]+\S*$/i,
                          message: t('validation.url', { field: t('settings.linkUrl') }),
                        },
                      ]}
                    >
                      <Input
                        aria-label={t('settings.linkUrlN', { n: index + 1 })}
                        placeholder="https://"
                        maxLength={2000}
                        style={{ width: 360 }}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('settings.removeLink', { n: index + 1 })}
                      onClick={() => remove(field.name)}
                    />
                  </Space>
                ))}
                {fields.length < NAV_LINKS_MAX && (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ title: '', url: '' })}>
                    {t('settings.addLink')}
                  </Button>
                )}
              </Space>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item
          name="homeCategories"
          label={t('settings.homeCategories')}
          extra={t('settings.homeCategoriesHint')}
          rules={[
            {
              type: 'array',
              max: HOME_CATEGORIES_MAX,
              message: t('validation.tooMany', {
                field: t('settings.homeCategories'),
                max: HOME_CATEGORIES_MAX,
              }),
            },
          ]}
        >
          <Select
            mode="multiple"
            loading={tree.isPending}
            options={categoryOptions}
            optionFilterProp="label"
            placeholder={t('settings.homeCategoriesAll')}
          />
        </Form.Item>
        <Form.Item name="footer" label={t('settings.footer')}>
          <RichTextEditor
            ariaLabel={t('settings.footer')}
            hasMarkdown={false}
            minHeight={120}
            disabled={!canEdit}
          />
        </Form.Item>
        {canEdit && (
          <Space>
            <Button type="primary" htmlType="submit" loading={isSaving}>
              {t('actions.save')}
            </Button>
            <Button
              disabled={!isDirty || isSaving}
              onClick={() => {
                form.setFieldsValue(valuesOf(settings));
                setDirty(false);
              }}
            >
              {t('settings.reset')}
            </Button>
          </Space>
        )}
      </Form>
    </div>
  );
};
