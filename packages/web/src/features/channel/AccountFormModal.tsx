import './i18n';
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select, Space, type FormRule } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  canUsePlatformApp,
  channelFields,
  type ChannelAccount,
  type ChannelField,
  type ChannelType,
} from '@openkefu/contract';
import { reportUnlessHandled } from '../../shared/api/reportError';
import { createChannel, fetchPlatformApps, fetchWorkgroups, updateChannel } from './api';
import {
  chosenSecretsOf,
  initialValuesOf,
  placeServerErrors,
  problemOf,
  toCreateBody,
  toUpdateBody,
  visibleFieldsOf,
  type ChannelFormValues,
} from './formValues';
import { CHANNEL_NS } from './i18n';
import { generatedLengthOf } from './platforms';
import { generateSecret } from './secrets';

/** Contract `channelCreateBodySchema`: the name's limit. */
const NAME_MAX_LENGTH = 64;

export type SavedAccount = {
  account: ChannelAccount;
  isNew: boolean;
  /** The secrets the admin chose here, to show once for pasting on the platform. */
  chosenSecrets: { key: string; value: string }[];
};

export type AccountFormModalProps = {
  type: ChannelType;
  open: boolean;
  /** null: connect a new account. */
  account: ChannelAccount | null;
  onClose: () => void;
  onSaved: (saved: SavedAccount) => void;
};

/** A secret the admin chooses on both sides: typed, or generated here. */
const ChosenSecretInput = ({
  id,
  value,
  onChange,
  length,
  placeholder,
  generateLabel,
}: {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  length: number;
  placeholder?: string;
  generateLabel: string;
}) => (
  <Space.Compact style={{ width: '100%' }}>
    <Input
      id={id}
      value={value}
      placeholder={placeholder}
      autoComplete="off"
      spellCheck={false}
      onChange={(event) => onChange?.(event.target.value)}
    />
    <Button onClick={() => onChange?.(generateSecret(length))}>{generateLabel}</Button>
  </Space.Compact>
);

/**
 * Connects or edits an account of one channel: the form is generated from the type's
 * `channelFields`, checked here as the server checks it, and the server's field errors land under
 * the fields they name.
 */
export const AccountFormModal = ({ type, open, account, onClose, onSaved }: AccountFormModalProps) => {
  const { t } = useTranslation(CHANNEL_NS);
  const [form] = Form.useForm<ChannelFormValues>();
  const [isSaving, setSaving] = useState(false);
  const [unplacedError, setUnplacedError] = useState('');
  const workgroups = useQuery({
    queryKey: ['channel', 'workgroups'],
    queryFn: fetchWorkgroups,
    enabled: open,
  });
  const platformApps = useQuery({
    queryKey: ['channel', 'platform-apps'],
    queryFn: fetchPlatformApps,
    enabled: open && canUsePlatformApp(type),
  });
  const appSource = Form.useWatch(['config', 'appSource'], form) as string | undefined;
  const fields = visibleFieldsOf(
    type,
    { appSource: appSource ?? account?.config.appSource },
    Boolean(platformApps.data?.types.includes(type)),
  );

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initialValuesOf(type, account));
    setUnplacedError('');
  }, [account, form, open, type]);

  const labelOf = (key: string) => t(`field.${key}`, { defaultValue: key });
  const isSecretSet = (field: ChannelField) => Boolean(account?.secretsSet.includes(field.key));

  const rulesOf = (field: ChannelField): FormRule[] => {
    const label = labelOf(field.key);
    const rules: FormRule[] = [];
    // On edit a secret that holds a value may stay empty: it keeps the stored one.
    if (field.required && !(field.secret && isSecretSet(field)))
      rules.push({ required: true, whitespace: true, message: t('validation.required', { field: label }) });
    rules.push({
      validator: async (_, value: string | undefined) => {
        const problem = problemOf(field, value ?? '');
        if (problem) throw new Error(t(`validation.${problem}`, { max: field.maxLength }));
      },
    });
    // WeChat's encrypted modes cannot work without the key (the server refuses them too).
    if (field.key === 'encodingAesKey' && channelFields[type].some((other) => other.key === 'encryptMode'))
      rules.push(({ getFieldValue }) => ({
        validator: async (_, value: string | undefined) => {
          const mode = getFieldValue(['config', 'encryptMode']) as string | undefined;
          if (mode && mode !== 'plain' && !(value ?? '').trim() && !isSecretSet(field))
            throw new Error(t('validation.requiredWhenEncrypted'));
        },
      }));
    return rules;
  };

  const controlOf = (field: ChannelField) => {
    const placeholder = field.secret && isSecretSet(field) ? t('form.secretSet') : undefined;
    const length = field.secret ? generatedLengthOf(field.key) : undefined;
    if (length !== undefined)
      return (
        <ChosenSecretInput length={length} placeholder={placeholder} generateLabel={t('form.generate')} />
      );
    if (field.secret) return <Input.Password placeholder={placeholder} autoComplete="new-password" />;
    if (field.kind === 'select')
      return (
        <Select
          options={(field.options ?? []).map((option) => ({
            value: option,
            label: t(`option.${field.key}.${option}`, { defaultValue: option }),
          }))}
        />
      );
    if (field.kind === 'textarea') return <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />;
    return (
      <Input
        type={field.kind === 'url' ? 'url' : 'text'}
        inputMode={field.kind === 'number' ? 'numeric' : field.kind === 'email' ? 'email' : undefined}
        autoComplete="off"
      />
    );
  };

  const helpOf = (field: ChannelField): string | undefined => {
    const help = t(`fieldHelp.${field.key}`, { defaultValue: '' });
    if (!field.secret || !account) return help || undefined;
    const state = isSecretSet(field) ? t('form.secretSet') : t('form.secretNotSet');
    return help ? `${state} · ${help}` : state;
  };

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    setUnplacedError('');
    try {
      const saved = account
        ? await updateChannel(toUpdateBody(account, values))
        : await createChannel(toCreateBody(type, values));
      onSaved({ account: saved, isNew: !account, chosenSecrets: chosenSecretsOf(type, values) });
      onClose();
    } catch (error) {
      const { placed, message } = placeServerErrors(error, type);
      if (placed.length === 0) {
        reportUnlessHandled(error);
        setUnplacedError(message);
        return;
      }
      form.setFields(
        placed.map(({ name, errors }) => {
          const label = Array.isArray(name)
            ? labelOf(name[1])
            : t(name === 'wid' ? 'form.workgroup' : 'form.name');
          // The server words its settings' errors as predicates ("is required", "must be …").
          return {
            name,
            errors: errors.map((text) => (/^(is|must) /.test(text) ? `${label} ${text}` : text)),
          };
        }),
      );
    } finally {
      setSaving(false);
    }
  };

  const channel = t(`names.${type}`);
  return (
    <Modal
      open={open}
      title={account ? t('form.editTitle', { name: account.name }) : t('form.createTitle', { channel })}
      okText={account ? t('form.submitEdit') : t('form.submitCreate')}
      cancelText={t('form.cancel')}
      confirmLoading={isSaving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      forceRender
      width={600}
    >
      {unplacedError && (
        <Alert
          type="error"
          showIcon
          title={t('form.serverError', { message: unplacedError })}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form form={form} layout="vertical" requiredMark>
        <Form.Item
          name="name"
          label={t('form.name')}
          rules={[
            { required: true, whitespace: true, message: t('form.nameRequired') },
            { max: NAME_MAX_LENGTH, message: t('form.nameTooLong') },
          ]}
        >
          <Input placeholder={t('form.namePlaceholder')} autoComplete="off" />
        </Form.Item>
        <Form.Item name="wid" label={t('form.workgroup')} extra={t('form.workgroupHelp')}>
          <Select
            allowClear
            loading={workgroups.isLoading}
            placeholder={t('form.workgroupPlaceholder')}
            options={(workgroups.data ?? []).map((group) => ({ value: group.wid, label: group.nickname }))}
          />
        </Form.Item>
        {channelFields[type].length === 0 && <Alert type="info" showIcon title={t('form.noFields')} />}
        {fields.map((field) => (
          <Form.Item
            key={field.key}
            name={['config', field.key]}
            label={labelOf(field.key)}
            extra={helpOf(field)}
            rules={rulesOf(field)}
            required={field.required && !(field.secret && isSecretSet(field))}
            dependencies={field.key === 'encodingAesKey' ? [['config', 'encryptMode']] : undefined}
          >
            {controlOf(field)}
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
};
