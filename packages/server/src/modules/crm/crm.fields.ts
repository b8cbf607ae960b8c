import type { CrmField, CustomFieldValues, FieldError } from '@openkefu/contract';

/*
 * Custom field values checked against the organisation's definitions: unknown keys, wrong
 * types, choices outside a select's options and missing required fields are refused, naming
 * `customFields.<key>`. Numbers given as text are read as numbers; dates are calendar dates.
 */

const isCalendarDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
};

export const checkCustomFields = (
  fields: readonly CrmField[],
  values: CustomFieldValues,
  options: { isPartial?: boolean } = {},
): { values: CustomFieldValues; errors: FieldError[] } => {
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const errors: FieldError[] = [];
  const out: CustomFieldValues = {};
  for (const [key, raw] of Object.entries(values)) {
    const field = byKey.get(key);
    const name = `customFields.${key}`;
    if (!field) {
      errors.push({ field: name, message: 'is not a custom field of this organisation' });
      continue;
    }
    if (raw === '') continue;
    switch (field.type) {
      case 'text':
        if (typeof raw !== 'string') errors.push({ field: name, message: 'must be text' });
        else out[key] = raw;
        break;
      case 'number': {
        const value = typeof raw === 'number' ? raw : raw.trim() === '' ? Number.NaN : Number(raw);
        if (!Number.isFinite(value)) errors.push({ field: name, message: 'must be a number' });
        else out[key] = value;
        break;
      }
      case 'date':
        if (typeof raw !== 'string' || !isCalendarDate(raw))
          errors.push({ field: name, message: 'must be a date (YYYY-MM-DD)' });
        else out[key] = raw;
        break;
      case 'select':
        if (typeof raw !== 'string' || !field.options.includes(raw))
          errors.push({ field: name, message: `must be one of: ${field.options.join(', ')}` });
        else out[key] = raw;
        break;
    }
  }
  if (!options.isPartial)
    for (const field of fields)
      if (
        field.required &&
        out[field.key] === undefined &&
        !errors.some((error) => error.field === `customFields.${field.key}`)
      )
        errors.push({ field: `customFields.${field.key}`, message: 'is required' });
  return { values: out, errors };
};
