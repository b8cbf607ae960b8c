import {
  describeFormError,
  validateFormAnswers,
  visibleItemKeys,
  type FormAnswerError,
  type FormItem,
  type FormValues,
} from '@openkefu/contract';
import { useState } from 'preact/hooks';
import type { ComponentChildren } from 'preact';
import { ApiError, type Api } from '../api.js';
import type { Translate, WidgetLanguage } from '../i18n.js';

/*
 * The builder's items filled in the widget (issue 16): a form sent in the chat, the pre-chat form
 * and the after-chat survey all render and check answers here. Conditions and checks are the
 * contract's own `visibleItemKeys` / `validateFormAnswers` (the server runs them again), so this
 * file travels in a lazy chunk with zod, never in the first load.
 */

export type QuestionnaireFormProps = {
  t: Translate;
  language: WidgetLanguage;
  api: Api;
  items: FormItem[];
  /** Sends the checked answers; an ApiError's fields (`<fieldPrefix><key>`) go under their items. */
  onSubmit: (values: FormValues) => Promise<void>;
  /** Test ids: the form, its items (`<testId>-item-<key>`), inputs (`<inputTestId>-<key>`) and the button. */
  testId: string;
  inputTestId: string;
  submitTestId: string;
  submitLabel: string;
  /** How the server names an item in its 400 (`answers.` or `form.`). */
  fieldPrefix: string;
  /** Words an error in the visitor's language; the contract's words by default. */
  describe?: (error: FormAnswerError, item: FormItem) => string;
  /** An item's label (the pre-chat form words built-in items saved without one). */
  labelOf?: (item: FormItem) => string;
  /** Shown above the items, inside the form. */
  header?: ComponentChildren;
  /** Shown under the items when the browser's own check finds mistakes. */
  invalidMessage?: string;
};

const inputTypes: Partial<Record<FormItem['type'], string>> = {
  text: 'text',
  email: 'email',
  mobile: 'tel',
  number: 'text',
  date: 'date',
};

const textOf = (value: FormValues[string] | undefined) => (typeof value === 'string' ? value : '');
const listOf = (value: FormValues[string] | undefined) => (Array.isArray(value) ? value : []);
const isGroup = (item: FormItem) => ['radio', 'checkbox', 'rating', 'nps'].includes(item.type);

export const QuestionnaireForm = ({
  t,
  language,
  api,
  items,
  onSubmit,
  testId,
  inputTestId,
  submitTestId,
  submitLabel,
  fieldPrefix,
  describe = (error) => describeFormError(error, language),
  labelOf = (item) => item.label,
  header,
  invalidMessage,
}: QuestionnaireFormProps) => {
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [fileNames, setFileNames] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState<Record<string, number>>({});
  const [failure, setFailure] = useState('');
  const [isSending, setSending] = useState(false);

  const setValue = (key: string, value: FormValues[string]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => {
      const { [key]: _dropped, ...rest } = current;
      return rest;
    });
  };

  const upload = async (item: FormItem, file: File | undefined) => {
    if (!file) return;
    setUploading((current) => ({ ...current, [item.key]: 0 }));
    try {
      const attachment = await api.upload(file, 'file', (percent) =>
        setUploading((current) => ({ ...current, [item.key]: percent })),
      );
      setFileNames((current) => ({ ...current, [item.key]: file.name }));
      setValue(item.key, attachment.aid);
    } catch (error) {
      setErrors((current) => ({
        ...current,
        [item.key]: t('uploadFailed', { reason: error instanceof Error ? error.message : String(error) }),
      }));
    } finally {
      setUploading(({ [item.key]: _done, ...rest }) => rest);
    }
  };

  const submit = async () => {
    const checked = validateFormAnswers(items, values);
    if (checked.errors.length > 0) {
      const byKey = new Map(items.map((item) => [item.key, item]));
      setErrors(
        Object.fromEntries(
          checked.errors.map((error) => [error.key, describe(error, byKey.get(error.key) as FormItem)]),
        ),
      );
      setFailure(invalidMessage ?? '');
      return;
    }
    setSending(true);
    setErrors({});
    setFailure('');
    try {
      await onSubmit(checked.values);
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0)
        setErrors(
          Object.fromEntries(
            error.fields.map((field) => [
              field.field.startsWith(fieldPrefix) ? field.field.slice(fieldPrefix.length) : field.field,
              field.message,
            ]),
          ),
        );
      else setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setSending(false);
    }
  };

  const renderControl = (item: FormItem, error: string | undefined) => {
    const value = values[item.key];
    const common = {
      name: item.key,
      'aria-invalid': Boolean(error),
      'aria-required': item.required,
      'data-testid': `${inputTestId}-${item.key}`,
    };
    switch (item.type) {
      case 'textarea':
        return (
          <textarea
            {...common}
            class="okw-input"
            rows={3}
            maxLength={item.max ?? 5000}
            value={textOf(value)}
            onInput={(event) => setValue(item.key, event.currentTarget.value)}
          />
        );
      case 'select':
        return (
          <select
            {...common}
            class="okw-input"
            value={textOf(value)}
            onChange={(event) => setValue(item.key, event.currentTarget.value)}
          >
            <option value="">{t('questionnaireChoose')}</option>
            {item.options.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        );
      case 'radio':
      case 'checkbox':
        return (
          <div class="okw-choices" data-testid={common['data-testid']}>
            {item.options.map((option) => {
              const isChecked =
                item.type === 'radio' ? textOf(value) === option : listOf(value).includes(option);
              return (
                <label class="okw-choice" key={option}>
                  <input
                    type={item.type}
                    name={item.key}
                    value={option}
                    checked={isChecked}
                    onChange={() =>
                      item.type === 'radio'
                        ? setValue(item.key, option)
                        : setValue(
                            item.key,
                            isChecked
                              ? listOf(value).filter((entry) => entry !== option)
                              : [...listOf(value), option],
                          )
                    }
                  />
                  <span>{option}</span>
                </label>
              );
            })}
          </div>
        );
      case 'rating':
      case 'nps': {
        const scores =
          item.type === 'nps'
            ? Array.from({ length: 11 }, (_, index) => index)
            : Array.from({ length: item.max ?? 5 }, (_, index) => index + 1);
        return (
          <div class="okw-scale" role="radiogroup" data-testid={common['data-testid']}>
            {scores.map((score) => (
              <button
                type="button"
                key={score}
                role="radio"
                class="okw-scale-item"
                aria-checked={textOf(value) === String(score)}
                aria-label={
                  item.type === 'rating'
                    ? t('questionnaireStars', { count: score, max: scores.length })
                    : String(score)
                }
                onClick={() => setValue(item.key, String(score))}
              >
                {item.type === 'rating' ? (Number(textOf(value)) >= score ? '★' : '☆') : score}
              </button>
            ))}
            {item.type === 'nps' && (
              <span class="okw-scale-ends okw-muted">
                <span>{t('questionnaireNpsLow')}</span>
                <span>{t('questionnaireNpsHigh')}</span>
              </span>
            )}
          </div>
        );
      }
      case 'file':
        return (
          <span class="okw-questionnaire-file">
            <input
              {...common}
              type="file"
              aria-label={t('questionnaireFile')}
              onChange={(event) => void upload(item, event.currentTarget.files?.[0])}
            />
            {uploading[item.key] !== undefined && (
              <span class="okw-muted">{t('uploading', { percent: uploading[item.key] ?? 0 })}</span>
            )}
            {fileNames[item.key] && textOf(value) && <span class="okw-muted">{fileNames[item.key]}</span>}
          </span>
        );
      default:
        return (
          <input
            {...common}
            class="okw-input"
            type={inputTypes[item.type] ?? 'text'}
            inputMode={item.type === 'number' ? 'decimal' : undefined}
            maxLength={item.type === 'email' ? 128 : (item.max ?? 500)}
            value={textOf(value)}
            onInput={(event) => setValue(item.key, event.currentTarget.value)}
          />
        );
    }
  };

  const visible = visibleItemKeys(items, values);

  return (
    <form
      class="okw-questionnaire-form"
      data-testid={testId}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {header}
      {items.map((item) => {
        if (!visible.has(item.key)) return null;
        if (item.type === 'section')
          return (
            <div class="okw-questionnaire-section" key={item.key} data-testid={`${testId}-item-${item.key}`}>
              <strong>{labelOf(item)}</strong>
              {item.help && <span class="okw-muted">{item.help}</span>}
            </div>
          );
        const error = errors[item.key];
        const Wrapper = isGroup(item) ? 'fieldset' : 'label';
        const Title = isGroup(item) ? 'legend' : 'span';
        return (
          <Wrapper class="okw-field" key={item.key} data-testid={`${testId}-item-${item.key}`}>
            <Title>
              {labelOf(item)}
              {item.required && <span class="okw-required"> *</span>}
            </Title>
            {item.help && <span class="okw-muted">{item.help}</span>}
            {renderControl(item, error)}
            {error && (
              <span class="okw-error" role="alert">
                {error}
              </span>
            )}
          </Wrapper>
        );
      })}
      {failure && (
        <p class="okw-error" role="alert">
          {failure}
        </p>
      )}
      <button
        type="submit"
        class="okw-button"
        data-testid={submitTestId}
        disabled={isSending || Object.keys(uploading).length > 0}
      >
        {submitLabel}
      </button>
    </form>
  );
};
