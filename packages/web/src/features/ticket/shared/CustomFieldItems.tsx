import dayjs, { type Dayjs } from 'dayjs';
import { Checkbox, DatePicker, Form, Input, InputNumber, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TicketCustomField } from '@openkefu/contract';
import { TICKET_NS } from './i18n';

/* A template's custom fields as form inputs, under the form's `customFields` name. */

export type CustomFieldFormValue = string | number | boolean | Dayjs | null | undefined;
type StoredValue = string | number | boolean | null;

/** Form values → the contract's `customFields` record (dates as YYYY-MM-DD). */
export const toCustomFields = (
  fields: TicketCustomField[],
  values: Record<string, CustomFieldFormValue> | undefined,
): Record<string, StoredValue> => {
  const result: Record<string, StoredValue> = {};
  for (const field of fields) {
    const value = values?.[field.key];
    if (value === undefined || value === null || value === '') continue;
    result[field.key] = dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : value;
  }
  return result;
};

export const CustomFieldItems = ({ fields }: { fields: TicketCustomField[] }) => {
  const { t } = useTranslation(TICKET_NS);
  return (
    <>
      {fields.map((field) => {
        const name = ['customFields', field.key];
        const rules = field.required
          ? [{ required: true, message: t('validation.customRequired', { label: field.label }) }]
          : [];
        if (field.type === 'checkbox')
          return (
            <Form.Item key={field.key} name={name} valuePropName="checked" rules={rules}>
              <Checkbox>{field.label}</Checkbox>
            </Form.Item>
          );
        return (
          <Form.Item key={field.key} name={name} label={field.label} rules={rules}>
            {field.type === 'number' ? (
              <InputNumber style={{ width: 200 }} />
            ) : field.type === 'date' ? (
              <DatePicker />
            ) : field.type === 'select' ? (
              <Select
                style={{ width: 240 }}
                allowClear
                options={field.options.map((option) => ({ value: option, label: option }))}
              />
            ) : (
              <Input maxLength={2000} />
            )}
          </Form.Item>
        );
      })}
    </>
  );
};
