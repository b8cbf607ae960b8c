import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  DatePicker,
  Input,
  InputNumber,
  Radio,
  Rate,
  Select,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import {
  describeFormError,
  validateFormAnswers,
  visibleItemKeys,
  type FormAnswerError,
  type FormItem,
  type FormValues,
  type Language,
} from '@openkefu/contract';
import { FORM_NS } from '../shared/i18n';
import './builder.css';

export type PreviewWidth = 'desktop' | 'mobile';

/**
 * The form as visitors see it, at desktop or phone width, with the server's own rules
 * (contract validateFormAnswers): conditions show and hide items as answers change, and
 * "Check answers" reports what the server would refuse.
 */
export const FormPreview = ({
  title,
  description,
  items,
  width,
}: {
  title: string;
  description: string;
  items: FormItem[];
  width: PreviewWidth;
}) => {
  const { t, i18n } = useTranslation(FORM_NS);
  const language: Language = i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US';
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<FormAnswerError[] | null>(null);
  const visible = useMemo(() => visibleItemKeys(items, values), [items, values]);
  const set = (key: string, value: FormValues[string] | undefined) =>
    setValues((current) => {
      const next = { ...current };
      if (value === undefined) delete next[key];
      else next[key] = value;
      return next;
    });
  const errorOf = (key: string) => errors?.find((error) => error.key === key);

  return (
    <div className={`ok-form-preview ok-form-preview-${width}`} data-testid={`preview-${width}`}>
      <Typography.Title level={4}>{title || t('builder.untitled')}</Typography.Title>
      {description ? <Typography.Paragraph type="secondary">{description}</Typography.Paragraph> : null}
      {items.length === 0 ? <Typography.Text type="secondary">{t('builder.noItems')}</Typography.Text> : null}
      {items
        .filter((item) => visible.has(item.key))
        .map((item) =>
          item.type === 'section' ? (
            <div key={item.key} className="ok-form-preview-section">
              <Typography.Title level={5}>{item.label}</Typography.Title>
              {item.help ? <Typography.Text type="secondary">{item.help}</Typography.Text> : null}
            </div>
          ) : (
            <div key={item.key} className="ok-form-preview-item" data-key={item.key}>
              <label
                className="ok-form-preview-label"
                id={`preview-${item.key}-label`}
                htmlFor={`preview-${item.key}`}
              >
                {item.label}
                {item.required ? <span className="ok-form-preview-required"> *</span> : null}
              </label>
              {item.help ? (
                <Typography.Text type="secondary" className="ok-form-preview-help">
                  {item.help}
                </Typography.Text>
              ) : null}
              <PreviewControl
                item={item}
                value={values[item.key]}
                onChange={(value) => set(item.key, value)}
              />
              {errorOf(item.key) ? (
                <Typography.Text type="danger">
                  {describeFormError(errorOf(item.key) as FormAnswerError, language)}
                </Typography.Text>
              ) : null}
            </div>
          ),
        )}
      <Button type="primary" onClick={() => setErrors(validateFormAnswers(items, values).errors)}>
        {t('builder.check')}
      </Button>
      {errors && errors.length === 0 ? (
        <Alert className="ok-form-preview-ok" type="success" showIcon title={t('builder.checkPassed')} />
      ) : null}
    </div>
  );
};

const PreviewControl = ({
  item,
  value,
  onChange,
}: {
  item: FormItem;
  value: FormValues[string] | undefined;
  onChange: (value: FormValues[string] | undefined) => void;
}) => {
  const { t } = useTranslation(FORM_NS);
  const text = typeof value === 'string' ? value : '';
  const id = `preview-${item.key}`;
  switch (item.type) {
    case 'radio':
      return (
        <Radio.Group
          id={id}
          value={text || undefined}
          onChange={(event) => onChange(String(event.target.value))}
        >
          {item.options.map((option) => (
            <Radio key={option} value={option}>
              {option}
            </Radio>
          ))}
        </Radio.Group>
      );
    case 'checkbox':
      return (
        <Checkbox.Group
          aria-labelledby={`${id}-label`}
          options={item.options}
          value={Array.isArray(value) ? value : []}
          onChange={(checked) => onChange(checked.map(String))}
        />
      );
    case 'select':
      return (
        <Select
          id={id}
          allowClear
          placeholder={t('builder.choose')}
          value={text || undefined}
          onChange={(next?: string) => onChange(next)}
          options={item.options.map((option) => ({ value: option, label: option }))}
          style={{ width: '100%' }}
        />
      );
    case 'textarea':
      return (
        <Input.TextArea id={id} rows={3} value={text} onChange={(event) => onChange(event.target.value)} />
      );
    case 'number':
      return (
        <InputNumber
          id={id}
          style={{ width: '100%' }}
          value={text === '' ? null : Number(text)}
          onChange={(next) => onChange(next === null ? undefined : String(next))}
        />
      );
    case 'rating':
      return (
        <Rate
          count={item.max ?? 5}
          value={Number(text) || 0}
          onChange={(next) => onChange(next ? String(next) : undefined)}
        />
      );
    case 'nps':
      return (
        <Radio.Group
          id={id}
          optionType="button"
          value={text || undefined}
          onChange={(event) => onChange(String(event.target.value))}
          options={Array.from({ length: 11 }, (_, score) => ({ value: String(score), label: String(score) }))}
        />
      );
    case 'date':
      return (
        <DatePicker
          id={id}
          style={{ width: '100%' }}
          value={text ? dayjs(text) : null}
          onChange={(date) => onChange(date ? date.format('YYYY-MM-DD') : undefined)}
        />
      );
    case 'file':
      return <Typography.Text type="secondary">{t('builder.filePreview')}</Typography.Text>;
    default:
      return (
        <Input
          id={id}
          type={item.type === 'email' ? 'email' : item.type === 'mobile' ? 'tel' : 'text'}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
};
