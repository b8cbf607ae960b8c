import {
  describeFormError,
  validateFormAnswers,
  visibleItemKeys,
  type FormItem,
  type FormValues,
  type VisitorSurvey,
} from '@openkefu/contract';
import { useEffect, useState } from 'preact/hooks';
import { ApiError, type Api } from '../api.js';
import type { Translate, WidgetLanguage } from '../i18n.js';

/*
 * The form of a questionnaire card, filled inside the widget (issue 16). Loaded on demand (it
 * brings the contract's rules, and with them zod, which the first load does without). Conditions
 * and checks are the contract's own `visibleItemKeys` / `validateFormAnswers`; the server checks
 * everything again and its 400 names `answers.<key>`.
 */

type Props = {
  t: Translate;
  language: WidgetLanguage;
  api: Api;
  tid: string;
  mid: string;
  fid: string;
  onClose: () => void;
  /** The card was answered (now, or before: the server said so). */
  onAnswered: (mid: string) => void;
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

export const QuestionnairePanel = ({ t, language, api, tid, mid, fid, onClose, onAnswered }: Props) => {
  const [form, setForm] = useState<VisitorSurvey | null>(null);
  const [loadError, setLoadError] = useState('');
  const [values, setValues] = useState<FormValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [fileNames, setFileNames] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState<Record<string, number>>({});
  const [failure, setFailure] = useState('');
  const [isSending, setSending] = useState(false);
  const [thanks, setThanks] = useState<string | null>(null);

  useEffect(() => {
    let isCurrent = true;
    api
      .survey(fid, { tid, mid })
      .then((loaded) => {
        if (!isCurrent) return;
        setForm(loaded);
        if (loaded.answered) {
          setThanks('');
          onAnswered(mid);
        }
      })
      .catch((error: unknown) => {
        if (isCurrent) setLoadError(error instanceof Error ? error.message : String(error));
      });
    return () => {
      isCurrent = false;
    };
  }, [api, fid, tid, mid, onAnswered]);

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
    if (!form) return;
    const checked = validateFormAnswers(form.items, values);
    if (checked.errors.length > 0) {
      setErrors(
        Object.fromEntries(checked.errors.map((error) => [error.key, describeFormError(error, language)])),
      );
      setFailure(t('questionnaireInvalid'));
      return;
    }
    setSending(true);
    setFailure('');
    try {
      const result = await api.answerSurvey({
        fid,
        tid,
        mid,
        version: form.version,
        answers: checked.values,
      });
      setThanks(result.thankYou);
      onAnswered(mid);
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0)
        setErrors(
          Object.fromEntries(
            error.fields.map((field) => [field.field.replace(/^answers\./, ''), field.message]),
          ),
        );
      setFailure(error instanceof Error ? error.message : String(error));
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
      'data-testid': `questionnaire-input-${item.key}`,
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
            value={textOf(value)}
            onInput={(event) => setValue(item.key, event.currentTarget.value)}
          />
        );
    }
  };

  const visible = form ? visibleItemKeys(form.items, values) : new Set<string>();
  const isGroup = (item: FormItem) => ['radio', 'checkbox', 'rating', 'nps'].includes(item.type);

  return (
    <div
      class="okw-questionnaire-panel"
      data-testid="questionnaire-panel"
      role="dialog"
      aria-label={t('questionnaire')}
    >
      <div class="okw-questionnaire-head">
        <strong>{form?.title ?? t('questionnaire')}</strong>
        <button type="button" class="okw-link" data-testid="questionnaire-close" onClick={onClose}>
          {t('questionnaireClose')}
        </button>
      </div>
      {loadError ? (
        <p class="okw-error" role="alert">
          {t('questionnaireLoadFailed', { reason: loadError })}
        </p>
      ) : !form ? (
        <p class="okw-muted">{t('questionnaireLoading')}</p>
      ) : thanks !== null ? (
        <p class="okw-questionnaire-thanks" role="status" data-testid="questionnaire-thanks">
          {thanks || t('questionnaireThanks')}
        </p>
      ) : (
        <form
          class="okw-questionnaire-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          {form.description && <p class="okw-muted">{form.description}</p>}
          {form.items.map((item) => {
            if (!visible.has(item.key)) return null;
            if (item.type === 'section')
              return (
                <div
                  class="okw-questionnaire-section"
                  key={item.key}
                  data-testid={`questionnaire-item-${item.key}`}
                >
                  <strong>{item.label}</strong>
                  {item.help && <span class="okw-muted">{item.help}</span>}
                </div>
              );
            const error = errors[item.key];
            const Wrapper = isGroup(item) ? 'fieldset' : 'label';
            const Title = isGroup(item) ? 'legend' : 'span';
            return (
              <Wrapper class="okw-field" key={item.key} data-testid={`questionnaire-item-${item.key}`}>
                <Title>
                  {item.label}
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
            data-testid="questionnaire-submit"
            disabled={isSending || Object.keys(uploading).length > 0}
          >
            {t('questionnaireSubmit')}
          </button>
        </form>
      )}
    </div>
  );
};
