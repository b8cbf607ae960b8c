import { useEffect, useState } from 'preact/hooks';
import type { Api } from '../api.js';
import type { Translate } from '../i18n.js';

/*
 * A `questionnaire` message (issue 16): the agent's card naming a published form, or the server's
 * notice that the visitor answered one (it carries the answer's `rid`). Only the JSON's shape is
 * read here: the form itself loads with the panel, in its own chunk.
 */

export type QuestionnaireRef = {
  fid: string;
  version: number;
  title: string;
  rid?: string;
  replyTo?: string;
  /** The skill group's after-chat survey, sent when the chat closed. */
  purpose?: 'afterchat';
};

export const readQuestionnaire = (content: string): QuestionnaireRef | null => {
  try {
    const value = JSON.parse(content) as Partial<QuestionnaireRef> | null;
    if (!value || typeof value.fid !== 'string' || typeof value.title !== 'string') return null;
    return {
      fid: value.fid,
      version: Number(value.version) || 0,
      title: value.title,
      ...(typeof value.rid === 'string' ? { rid: value.rid } : {}),
      ...(typeof value.replyTo === 'string' ? { replyTo: value.replyTo } : {}),
      ...(value.purpose === 'afterchat' ? { purpose: 'afterchat' as const } : {}),
    };
  } catch {
    return null;
  }
};

/** What the cards need from the chat: the visitor's thread, who answered what, and opening a form. */
export type QuestionnaireControls = {
  api: Api;
  tid: string;
  /** Cards answered in this page life or seen answered in the history (notice `replyTo`). */
  answered: ReadonlySet<string>;
  open: (mid: string, ref: QuestionnaireRef) => void;
};

export const QuestionnaireCard = ({
  t,
  mid,
  questionnaire,
  controls,
}: {
  t: Translate;
  mid: string;
  questionnaire: QuestionnaireRef;
  controls?: QuestionnaireControls;
}) => {
  const [isAnsweredOnServer, setAnsweredOnServer] = useState(false);
  const isAnswered = isAnsweredOnServer || Boolean(controls?.answered.has(mid));
  const api = controls?.api;
  const tid = controls?.tid;

  // After a reload the server says whether this card was answered (its notice may be out of the loaded page).
  useEffect(() => {
    if (!api || !tid || isAnswered) return;
    let isCurrent = true;
    api
      .survey(questionnaire.fid, { tid, mid })
      .then((form) => {
        if (isCurrent && form.answered) setAnsweredOnServer(true);
      })
      .catch(() => undefined);
    return () => {
      isCurrent = false;
    };
  }, [api, tid, mid, questionnaire.fid, isAnswered]);

  return (
    <div class="okw-questionnaire" data-testid="questionnaire-card">
      <span class="okw-muted">
        {t(questionnaire.purpose === 'afterchat' ? 'afterChatSurvey' : 'questionnaire')}
      </span>
      <strong class="okw-questionnaire-title">{questionnaire.title}</strong>
      {isAnswered ? (
        <span class="okw-questionnaire-done" data-testid="questionnaire-submitted">
          ✓ {t('questionnaireSubmitted')}
        </span>
      ) : (
        <button
          type="button"
          class="okw-button"
          data-testid="questionnaire-fill"
          disabled={!controls}
          onClick={() => controls?.open(mid, questionnaire)}
        >
          {t('questionnaireFill')}
        </button>
      )}
    </div>
  );
};
