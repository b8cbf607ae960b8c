import type { FaqBrief, RobotRating, RobotReply as Reply } from '@openkefu/contract';
import { useMemo, useState } from 'preact/hooks';
import type { Translate } from '../i18n.js';
import { ThumbIcon } from '../icons.js';
import { isHttpUrl } from '../state/robot.js';
import { renderRichText } from './richText.js';

/** What the robot's messages can do on the page (none of it in the console's preview). */
export type RobotControls = {
  /** The robot still answers (thread status robot): its questions and quick buttons work. */
  isLive: boolean;
  isTransferring: boolean;
  /** Sends a question as the visitor's own text. */
  ask: (text: string) => void;
  transfer: () => void;
  rate: (mid: string, isHelpful: boolean) => void;
  /** The lead-capture form's answer; rejects with the reason to show. */
  sendLead: (mid: string, name: string, mobile: string) => Promise<void>;
  ratingOf: (mid: string, stored: RobotRating | null) => { rating: RobotRating | null; error: string };
};

type Props = { t: Translate; mid: string; reply: Reply; controls?: RobotControls };

// The help centre's pages are on this server ("/help/…"); anything else must be http(s).
const isPageUrl = (url: string) => isHttpUrl(url) || /^\/(?!\/)/.test(url);

const NewTab = ({ t }: { t: Translate }) => <span class="okw-sr"> {t('helpNewTab')}</span>;

/** Questions the visitor can ask with one click: a labelled group of buttons. */
const Questions = ({
  label,
  items,
  controls,
  isList = false,
}: {
  label: string;
  items: Pick<FaqBrief, 'aid' | 'question'>[];
  controls?: RobotControls;
  /** The welcome's FAQ list (one per line) rather than chips. */
  isList?: boolean;
}) =>
  items.length === 0 ? null : (
    <div class={isList ? 'okw-robot-faqs' : 'okw-chips'} role="group" aria-label={label}>
      <span class="okw-robot-label" aria-hidden="true">
        {label}
      </span>
      {items.map((item) => (
        <button
          type="button"
          key={item.aid}
          class={isList ? 'okw-robot-faq' : 'okw-chip'}
          data-testid="robot-question"
          disabled={!controls?.isLive}
          onClick={() => controls?.ask(item.question)}
        >
          {item.question}
        </button>
      ))}
    </div>
  );

const QuickButtons = ({
  t,
  buttons,
  controls,
}: {
  t: Translate;
  buttons: Extract<Reply, { kind: 'welcome' }>['quickButtons'];
  controls?: RobotControls;
}) => {
  // A link that is not http(s) (never saved so, but not trusted either) is not offered.
  const shown = buttons.filter((button) => button.action !== 'link' || isHttpUrl(button.content));
  if (shown.length === 0) return null;
  return (
    <div class="okw-chips" role="group" aria-label={t('robotQuickButtons')}>
      {shown.map((button) =>
        button.action === 'link' ? (
          <a
            key={button.qbid}
            class="okw-chip"
            href={button.content}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="robot-quick"
          >
            {button.label}
            <NewTab t={t} />
          </a>
        ) : (
          <button
            type="button"
            key={button.qbid}
            class="okw-chip okw-chip--quick"
            data-testid="robot-quick"
            disabled={!controls?.isLive || (button.action === 'transfer' && controls.isTransferring)}
            onClick={() =>
              button.action === 'transfer'
                ? controls?.transfer()
                : controls?.ask(button.content || button.label)
            }
          >
            {button.label}
          </button>
        ),
      )}
    </div>
  );
};

/** "Did this help?": a labelled pair, pressed on the visitor's choice, answered once. */
const Rating = ({
  t,
  mid,
  stored,
  controls,
}: {
  t: Translate;
  mid: string;
  stored: RobotRating | null;
  controls?: RobotControls;
}) => {
  const { rating, error } = controls?.ratingOf(mid, stored) ?? { rating: stored, error: '' };
  const choice = (value: RobotRating) => (
    <button
      type="button"
      class="okw-thumb"
      aria-label={t(value === 'helpful' ? 'robotHelpful' : 'robotUseless')}
      title={t(value === 'helpful' ? 'robotHelpful' : 'robotUseless')}
      aria-pressed={rating === value}
      data-testid={`robot-${value}`}
      disabled={rating !== null || !controls}
      onClick={() => controls?.rate(mid, value === 'helpful')}
    >
      <ThumbIcon isDown={value === 'useless'} />
    </button>
  );
  return (
    <div class="okw-robot-rate" role="group" aria-label={t('robotHelpQuestion')} data-testid="robot-rating">
      <span aria-hidden="true">{t('robotHelpQuestion')}</span>
      {choice('helpful')}
      {choice('useless')}
      {rating && <span class="okw-muted">{t('robotHelpThanks')}</span>}
      {error && (
        <span class="okw-error" role="alert">
          {t('sendFailed', { reason: error })}
        </span>
      )}
    </div>
  );
};

const Answer = ({ t, mid, reply, controls }: Props & { reply: Extract<Reply, { kind: 'answer' }> }) => {
  const body = useMemo(() => renderRichText(reply.answer), [reply.answer]);
  return (
    <>
      <div class="okw-rich" data-testid="robot-answer">
        {body}
      </div>
      {reply.source === 'article' && isPageUrl(reply.url) && (
        <a
          class="okw-robot-more"
          href={reply.url}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="robot-more"
        >
          {t('robotReadMore')}
          <NewTab t={t} />
        </a>
      )}
      <Questions label={t('robotRelated')} items={reply.related} controls={controls} />
      <Rating t={t} mid={mid} stored={reply.rating} controls={controls} />
    </>
  );
};

/** A large-model answer: its text, the sources it used (articles as links, FAQs to ask), the rating. */
const Generated = ({ t, mid, reply, controls }: Props & { reply: Extract<Reply, { kind: 'generated' }> }) => {
  const body = useMemo(() => renderRichText(reply.answer), [reply.answer]);
  const articles = reply.sources.filter((source) => source.source === 'article' && isPageUrl(source.url));
  const faqs = reply.sources.filter((source) => source.source === 'faq');
  return (
    <>
      <div class="okw-rich" data-testid="robot-answer">
        {body}
      </div>
      {articles.length > 0 && (
        <ul class="okw-robot-sources" aria-label={t('robotSources')} data-testid="robot-sources">
          {articles.map((source) => (
            <li key={source.aid}>
              <a href={source.url} target="_blank" rel="noopener noreferrer">
                {source.title}
                <NewTab t={t} />
              </a>
            </li>
          ))}
        </ul>
      )}
      <Questions
        label={t('robotSources')}
        items={faqs.map((source) => ({ aid: source.aid, question: source.title }))}
        controls={controls}
      />
      <Rating t={t} mid={mid} stored={reply.rating} controls={controls} />
    </>
  );
};

const phonePattern = /^\+?[0-9][0-9 -]{5,19}$/;

/** Lead capture: the robot asks for a name and mobile number, once; answered, it says thanks. */
const Lead = ({ t, mid, reply, controls }: Props & { reply: Extract<Reply, { kind: 'lead' }> }) => {
  const [name, setName] = useState('');
  const [mobile, setMobile] = useState('');
  const [error, setError] = useState('');
  const [isSending, setSending] = useState(false);
  if (reply.done)
    return <p class="okw-text">{t('robotLeadThanks', { name: reply.name, mobile: reply.mobile })}</p>;
  const submit = async (event: Event) => {
    event.preventDefault();
    if (name.trim() === '') return setError(t('robotLeadNameRequired'));
    if (!phonePattern.test(mobile.trim())) return setError(t('robotLeadMobileInvalid'));
    setError('');
    setSending(true);
    try {
      await controls?.sendLead(mid, name.trim(), mobile.trim());
    } catch (failure) {
      setError(t('sendFailed', { reason: failure instanceof Error ? failure.message : '' }));
    } finally {
      setSending(false);
    }
  };
  return (
    <form class="okw-robot-lead" onSubmit={(event) => void submit(event)} data-testid="robot-lead" noValidate>
      <p class="okw-text">{reply.text || t('robotLeadAsk')}</p>
      <label class="okw-field">
        <span>{t('robotLeadName')}</span>
        <input
          class="okw-input"
          value={name}
          maxLength={50}
          autoComplete="name"
          disabled={!controls || isSending}
          onInput={(event) => setName((event.target as HTMLInputElement).value)}
        />
      </label>
      <label class="okw-field">
        <span>{t('robotLeadMobile')}</span>
        <input
          class="okw-input"
          type="tel"
          value={mobile}
          maxLength={20}
          autoComplete="tel"
          disabled={!controls || isSending}
          onInput={(event) => setMobile((event.target as HTMLInputElement).value)}
        />
      </label>
      {error && (
        <p class="okw-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" class="okw-chip okw-chip--quick" disabled={!controls || isSending}>
        {t('robotLeadSend')}
      </button>
    </form>
  );
};

/** One robot message: its welcome, an answer, "did you mean" or its not-found tip. */
export const RobotReply = ({ t, mid, reply, controls }: Props) => {
  switch (reply.kind) {
    case 'welcome':
      return (
        <div class="okw-robot" data-kind="welcome">
          {reply.text && <p class="okw-text">{reply.text}</p>}
          <Questions label={t('robotFaqs')} items={reply.faqs} controls={controls} isList />
          <QuickButtons t={t} buttons={reply.quickButtons} controls={controls} />
        </div>
      );
    case 'answer':
      return (
        <div class="okw-robot" data-kind="answer">
          <Answer t={t} mid={mid} reply={reply} controls={controls} />
        </div>
      );
    case 'generated':
      return (
        <div class="okw-robot" data-kind="generated">
          <Generated t={t} mid={mid} reply={reply} controls={controls} />
        </div>
      );
    case 'lead':
      return (
        <div class="okw-robot" data-kind="lead">
          <Lead t={t} mid={mid} reply={reply} controls={controls} />
        </div>
      );
    case 'suggest':
      return (
        <div class="okw-robot" data-kind="suggest">
          <Questions label={reply.text || t('robotSuggest')} items={reply.candidates} controls={controls} />
        </div>
      );
    case 'none':
      return (
        <div class="okw-robot" data-kind="none">
          <p class="okw-text">{reply.text || t('robotNotFound')}</p>
          <Questions label={t('robotTryFaqs')} items={reply.faqs} controls={controls} />
        </div>
      );
  }
};
