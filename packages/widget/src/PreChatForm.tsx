import type { FormField, VisitorForm } from '@openkefu/contract';
import { useState } from 'preact/hooks';
import { ApiError } from './api.js';
import type { Translate, WordKey } from './i18n.js';
import {
  answersOf,
  isMobileNumber,
  validatePreChatForm,
  type FormErrors,
  type FormValues,
} from './pre-chat-form.js';

const builtinLabels: Record<string, WordKey> = {
  name: 'formName',
  mobile: 'formMobile',
  email: 'formEmail',
  age: 'formAge',
  job: 'formJob',
};

const labelOf = (field: FormField, t: Translate): string => {
  const word = builtinLabels[field.key];
  return field.label || (word ? t(word) : field.key);
};

const inputTypes: Record<FormField['type'], string> = {
  text: 'text',
  number: 'number',
  select: 'text',
  email: 'email',
  mobile: 'tel',
};

/**
 * The pre-chat form a skill group with showForm asks: checked here, sent with the thread request and
 * checked again by the server, whose field errors (`form.<key>`) are shown under their field.
 */
export const PreChatForm = ({
  t,
  form,
  onSubmit,
}: {
  t: Translate;
  form: VisitorForm;
  onSubmit: (answers: FormValues) => Promise<void>;
}) => {
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<FormErrors>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const [isSending, setSending] = useState(false);

  const submit = async () => {
    const found = validatePreChatForm(form.fields, values);
    setErrors(found);
    setServerErrors({});
    setFailure('');
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      await onSubmit(answersOf(form.fields, values));
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0)
        setServerErrors(
          Object.fromEntries(error.fields.map((item) => [item.field.replace(/^form\./, ''), item.message])),
        );
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      class="okw-card okw-prechat"
      data-testid="prechat-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <strong>{form.title || t('formTitle')}</strong>
      {form.fields.map((field) => {
        const error = errors[field.key] ? t(errors[field.key] as WordKey) : serverErrors[field.key];
        const common = {
          class: 'okw-input',
          name: field.key,
          'data-testid': `prechat-${field.key}`,
          'aria-invalid': Boolean(error),
          'aria-required': field.required,
          value: values[field.key] ?? '',
          onInput: (event: { currentTarget: { value: string } }) => {
            const value = event.currentTarget.value;
            setValues((current) => ({ ...current, [field.key]: value }));
          },
        };
        return (
          <label class="okw-field" key={field.key}>
            <span>
              {labelOf(field, t)}
              {field.required && <span class="okw-required"> *</span>}
            </span>
            {field.type === 'select' ? (
              <select {...common} onChange={common.onInput}>
                <option value="">{t('formSelect')}</option>
                {field.options.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            ) : (
              <input
                {...common}
                type={inputTypes[field.type]}
                maxLength={field.type === 'email' ? 128 : 200}
              />
            )}
            {error && (
              <span class="okw-error" role="alert">
                {error}
              </span>
            )}
          </label>
        );
      })}
      {failure && Object.keys(serverErrors).length === 0 && (
        <p class="okw-error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" class="okw-button" data-testid="prechat-submit" disabled={isSending}>
        {t('formSubmit')}
      </button>
    </form>
  );
};

/** showCollectMobile: a small prompt during the chat; the number goes to the visitor's profile. */
export const MobilePrompt = ({
  t,
  onSave,
  onSkip,
}: {
  t: Translate;
  onSave: (mobile: string) => Promise<void>;
  onSkip: () => void;
}) => {
  const [mobile, setMobile] = useState('');
  const [error, setError] = useState('');
  return (
    <form
      class="okw-mobile"
      data-testid="mobile-prompt"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const value = mobile.trim();
        if (!isMobileNumber(value)) return setError(t(value ? 'formMobileInvalid' : 'formRequired'));
        setError('');
        onSave(value).catch((failure: unknown) =>
          setError(failure instanceof Error ? failure.message : String(failure)),
        );
      }}
    >
      <span>{t('mobileAsk')}</span>
      <div class="okw-input-row">
        <input
          class="okw-input"
          type="tel"
          maxLength={20}
          data-testid="mobile-input"
          aria-label={t('formMobile')}
          aria-invalid={Boolean(error)}
          value={mobile}
          onInput={(event) => setMobile(event.currentTarget.value)}
        />
        <button type="submit" class="okw-button" data-testid="mobile-save">
          {t('mobileSave')}
        </button>
        <button type="button" class="okw-link" onClick={onSkip}>
          {t('mobileSkip')}
        </button>
      </div>
      {error && (
        <span class="okw-error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
};
