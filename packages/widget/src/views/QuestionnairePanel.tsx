import type { VisitorSurvey } from '@openkefu/contract';
import { useEffect, useState } from 'preact/hooks';
import type { Api } from '../api.js';
import type { Translate, WidgetLanguage } from '../i18n.js';
import { QuestionnaireForm } from './QuestionnaireForm.js';

/*
 * The form of a questionnaire card (sent by an agent, or the after-chat survey), filled inside the
 * widget (issue 16). Loaded on demand: it brings the contract's rules, and with them zod, which the
 * first load does without. The server checks everything again and its 400 names `answers.<key>`.
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

export const QuestionnairePanel = ({ t, language, api, tid, mid, fid, onClose, onAnswered }: Props) => {
  const [form, setForm] = useState<VisitorSurvey | null>(null);
  const [loadError, setLoadError] = useState('');
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
        <QuestionnaireForm
          t={t}
          language={language}
          api={api}
          items={form.items}
          testId="questionnaire"
          inputTestId="questionnaire-input"
          submitTestId="questionnaire-submit"
          submitLabel={t('questionnaireSubmit')}
          fieldPrefix="answers."
          invalidMessage={t('questionnaireInvalid')}
          header={form.description && <p class="okw-muted">{form.description}</p>}
          onSubmit={async (answers) => {
            const result = await api.answerSurvey({ fid, tid, mid, version: form.version, answers });
            setThanks(result.thankYou);
            onAnswered(mid);
          }}
        />
      )}
    </div>
  );
};
