import type { FormValues, VisitorForm } from '@openkefu/contract';
import { useEffect, useState } from 'preact/hooks';
import type { Api } from './api.js';
import type { Translate, WidgetLanguage } from './i18n.js';
import { isMobileNumber } from './pre-chat-form.js';
import type { PreChatPanel } from './views/QuestionnairePreChat.js';

/**
 * The pre-chat form a skill group with showForm asks (a builder form, issue 16). Its items and
 * rules load on demand (views/QuestionnairePreChat.tsx, with the contract's rules and zod), so the
 * widget's first load stays small; the answers go with the thread request, checked again there.
 */
export const PreChatForm = ({
  t,
  language,
  api,
  form,
  onSubmit,
}: {
  t: Translate;
  language: WidgetLanguage;
  api: Api;
  form: VisitorForm;
  onSubmit: (answers: FormValues) => Promise<void>;
}) => {
  const [Panel, setPanel] = useState<typeof PreChatPanel | null>(null);
  const [failure, setFailure] = useState('');
  useEffect(() => {
    let isCurrent = true;
    import('./views/QuestionnairePreChat.js').then(
      (module) => isCurrent && setPanel(() => module.PreChatPanel),
      (error: unknown) => isCurrent && setFailure(error instanceof Error ? error.message : String(error)),
    );
    return () => {
      isCurrent = false;
    };
  }, []);
  if (failure)
    return (
      <p class="okw-error" role="alert">
        {t('questionnaireLoadFailed', { reason: failure })}
      </p>
    );
  if (!Panel) return <p class="okw-muted">{t('questionnaireLoading')}</p>;
  return <Panel t={t} language={language} api={api} form={form} onSubmit={onSubmit} />;
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
