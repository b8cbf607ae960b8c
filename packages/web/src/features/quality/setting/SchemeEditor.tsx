import '../shared/i18n';
import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Drawer,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { QualityCheck, QualityScheme, QualitySchemeBody } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { fetchQualityOptions, saveScheme } from '../shared/api';
import { QUALITY_NS } from '../shared/i18n';

/** Contract `qualityCheckValues`. */
const CHECKS: QualityCheck[] = [
  'firstResponse',
  'longestSilence',
  'sensitiveWord',
  'closeType',
  'rating',
  'transferCount',
];

type ItemValues = {
  key: string;
  name: string;
  points: number;
  fatal: boolean;
  check: QualityCheck | 'none';
  threshold: number | null;
};
type CriterionValues = { key: string; name: string; weight: number; items: ItemValues[] };
export type SchemeFormValues = {
  name: string;
  description: string;
  passMark: number;
  isDefault: boolean;
  workgroups: string[];
  criteria: CriterionValues[];
};

const newKey = (prefix: string) => `${prefix}${Math.random().toString(36).slice(2, 8)}`;

const newItem = (): ItemValues => ({
  key: newKey('i'),
  name: '',
  points: 5,
  fatal: false,
  check: 'none',
  threshold: null,
});

const toValues = (scheme: QualityScheme | null): SchemeFormValues =>
  scheme
    ? {
        name: scheme.name,
        description: scheme.description,
        passMark: scheme.passMark,
        isDefault: scheme.isDefault,
        workgroups: scheme.workgroups.map((group) => group.wid),
        criteria: scheme.criteria.map((criterion) => ({
          ...criterion,
          items: criterion.items.map((item) => ({ ...item, check: item.check ?? 'none' })),
        })),
      }
    : {
        name: '',
        description: '',
        passMark: 60,
        isDefault: false,
        workgroups: [],
        criteria: [{ key: newKey('c'), name: '', weight: 100, items: [newItem()] }],
      };

/** The sum of the criteria's weights as the form holds them. */
export const sumWeights = (criteria: readonly { weight?: number | null }[] | undefined): number =>
  (criteria ?? []).reduce((total, criterion) => total + Number(criterion?.weight ?? 0), 0);

const toBody = (values: SchemeFormValues, qsid: string | undefined): QualitySchemeBody => ({
  ...(qsid ? { qsid } : {}),
  name: values.name.trim(),
  description: values.description ?? '',
  passMark: values.passMark,
  isDefault: values.isDefault,
  workgroups: values.workgroups ?? [],
  criteria: values.criteria.map((criterion) => ({
    key: criterion.key,
    name: criterion.name.trim(),
    weight: criterion.weight,
    items: criterion.items.map((item) => ({
      key: item.key,
      name: item.name.trim(),
      points: item.fatal ? 0 : item.points,
      fatal: item.fatal,
      check: item.check === 'none' ? null : item.check,
      threshold: item.check === 'none' || item.check === 'closeType' ? null : (item.threshold ?? 0),
    })),
  })),
});

/**
 * Creates or edits a scheme: weighted criteria (must sum to 100 %), their check items with points,
 * fatal flags and automatic checks, the pass mark and the skill groups that use it.
 */
export const SchemeEditor = ({
  open,
  scheme,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** null: a new scheme. */
  scheme: QualityScheme | null;
  onClose: () => void;
  onSaved: (scheme: QualityScheme) => void;
}) => {
  const { t } = useTranslation(QUALITY_NS);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={760}
      title={scheme?.name || t('editor.title')}
      destroyOnHidden
    >
      {open ? <SchemeForm scheme={scheme} onSaved={onSaved} onCancel={onClose} /> : null}
    </Drawer>
  );
};

const SchemeForm = ({
  scheme,
  onSaved,
  onCancel,
}: {
  scheme: QualityScheme | null;
  onSaved: (scheme: QualityScheme) => void;
  onCancel: () => void;
}) => {
  const { t } = useTranslation(QUALITY_NS);
  const { message } = App.useApp();
  const [form] = Form.useForm<SchemeFormValues>();
  const [error, setError] = useState<string | null>(null);
  const criteria = Form.useWatch('criteria', form) as CriterionValues[] | undefined;
  const sum = sumWeights(criteria ?? toValues(scheme).criteria);
  const options = useQuery({
    queryKey: ['quality', 'options'],
    queryFn: fetchQualityOptions,
    staleTime: 60_000,
  });
  const mutation = useMutation({
    mutationFn: (values: SchemeFormValues) => saveScheme(toBody(values, scheme?.qsid)),
    onSuccess: (saved) => {
      message.success(t('setting.saved'));
      onSaved(saved);
    },
    onError: (failure) => setError(parseError(failure).message),
  });
  const submit = (values: SchemeFormValues) => {
    const total = sumWeights(values.criteria);
    if (total !== 100) {
      setError(t('editor.weightsMustSum', { sum: total }));
      return;
    }
    setError(null);
    mutation.mutate(values);
  };

  return (
    <Form form={form} layout="vertical" initialValues={toValues(scheme)} onFinish={submit}>
      <Form.Item
        name="name"
        label={t('editor.name')}
        rules={[{ required: true, whitespace: true, message: t('editor.nameRequired') }, { max: 100 }]}
      >
        <Input />
      </Form.Item>
      <Form.Item name="description" label={t('editor.description')} rules={[{ max: 500 }]}>
        <Input.TextArea rows={2} />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item
          name="passMark"
          label={t('editor.passMark')}
          rules={[{ required: true, message: t('editor.required') }]}
        >
          <InputNumber min={0} max={100} precision={0} />
        </Form.Item>
        <Form.Item name="isDefault" label={t('editor.isDefault')} valuePropName="checked">
          <Switch disabled={scheme?.isDefault === true} />
        </Form.Item>
      </Space>
      <Form.Item name="workgroups" label={t('editor.workgroups')}>
        <Select
          mode="multiple"
          allowClear
          loading={options.isPending}
          optionFilterProp="label"
          options={(options.data?.workgroups ?? []).map((group) => ({
            value: group.wid,
            label: group.nickname,
          }))}
        />
      </Form.Item>

      <Typography.Title level={5}>
        {t('editor.criteria')}{' '}
        <Typography.Text type={sum === 100 ? 'success' : 'danger'} style={{ fontSize: 14 }} role="status">
          {t('editor.weightsSum', { sum })}
        </Typography.Text>
      </Typography.Title>
      <Form.List name="criteria">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <Card
                key={field.key}
                size="small"
                style={{ marginBottom: 12 }}
                title={`${t('editor.criterion')} ${index + 1}`}
                extra={
                  fields.length > 1 ? (
                    <Button type="text" danger size="small" onClick={() => remove(field.name)}>
                      {t('editor.remove')}
                    </Button>
                  ) : null
                }
              >
                <Form.Item name={[field.name, 'key']} hidden>
                  <Input />
                </Form.Item>
                <Space align="start" wrap>
                  <Form.Item
                    name={[field.name, 'name']}
                    label={t('editor.criterionName')}
                    rules={[{ required: true, whitespace: true, message: t('editor.required') }]}
                  >
                    <Input style={{ width: 260 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'weight']}
                    label={t('editor.weight')}
                    rules={[{ required: true, message: t('editor.required') }]}
                  >
                    <InputNumber min={0} max={100} precision={0} />
                  </Form.Item>
                </Space>
                <ItemList criterionField={field.name} />
              </Card>
            ))}
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ key: newKey('c'), name: '', weight: 0, items: [newItem()] })}
            >
              {t('editor.addCriterion')}
            </Button>
          </>
        )}
      </Form.List>

      {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 16 }} /> : null}
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('actions.save')}
        </Button>
        <Button onClick={onCancel}>{t('actions.cancel')}</Button>
      </Space>
    </Form>
  );
};

const ItemList = ({ criterionField }: { criterionField: number }) => {
  const { t } = useTranslation(QUALITY_NS);
  return (
    <Form.List name={[criterionField, 'items']}>
      {(fields, { add, remove }) => (
        <>
          {fields.map((field) => (
            <Space key={field.key} align="start" wrap style={{ display: 'flex' }}>
              <Form.Item name={[field.name, 'key']} hidden>
                <Input />
              </Form.Item>
              <Form.Item
                name={[field.name, 'name']}
                rules={[{ required: true, whitespace: true, message: t('editor.required') }]}
              >
                <Input
                  placeholder={t('editor.itemName')}
                  aria-label={t('editor.itemName')}
                  style={{ width: 200 }}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'points']}>
                <InputNumber
                  min={0}
                  max={100}
                  precision={0}
                  aria-label={t('editor.points')}
                  placeholder={t('editor.points')}
                  style={{ width: 90 }}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'fatal']} valuePropName="checked">
                <Checkbox>{t('editor.fatal')}</Checkbox>
              </Form.Item>
              <Form.Item name={[field.name, 'check']}>
                <Select
                  aria-label={t('editor.check')}
                  style={{ width: 220 }}
                  options={[
                    { value: 'none', label: t('checks.none') },
                    ...CHECKS.map((check) => ({ value: check, label: t(`checks.${check}`) })),
                  ]}
                />
              </Form.Item>
              <Form.Item name={[field.name, 'threshold']}>
                <InputNumber
                  min={0}
                  max={100000}
                  precision={0}
                  aria-label={t('editor.threshold')}
                  placeholder={t('editor.threshold')}
                  style={{ width: 100 }}
                />
              </Form.Item>
              {fields.length > 1 ? (
                <Button
                  type="text"
                  aria-label={t('editor.remove')}
                  icon={<MinusCircleOutlined />}
                  onClick={() => remove(field.name)}
                />
              ) : null}
            </Space>
          ))}
          <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => add(newItem())}>
            {t('editor.addItem')}
          </Button>
        </>
      )}
    </Form.List>
  );
};
