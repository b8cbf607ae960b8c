import type { LeaveMessage, WidgetSettings } from '@openkefu/contract';
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Api } from '../api.js';
import type { Translate, WordKey } from '../i18n.js';
import { validateLeaveMessage, type LeaveErrors, type LeaveFields } from '../leave-form.js';

/**
 * Nobody can answer (203/204): the leave-message form and the visitor's earlier messages with
 * their replies. Without `api` (the console's preview) it is shown read-only and sends nothing.
 */
export const LeaveMessageView = ({
  t,
  api,
  tip,
  settings,
  target,
  search,
}: {
  t: Translate;
  api?: Api;
  tip: string;
  settings: WidgetSettings | null;
  target: { wid: string | null; aid: string | null };
  /** The help-centre search, when the skill group offers it: an answer may spare the message. */
  search?: ComponentChildren;
}) => {
  const [fields, setFields] = useState<LeaveFields>({ content: '', mobile: '', email: '' });
  const [errors, setErrors] = useState<LeaveErrors>({});
  const [serverError, setServerError] = useState('');
  const [isSent, setSent] = useState(false);
  const [earlier, setEarlier] = useState<LeaveMessage[]>([]);
  const type = settings?.leaveMessageType ?? 'default';
  const isReadOnly = !api;

  useEffect(() => {
    api?.leaveMessages().then(setEarlier, () => setEarlier([]));
  }, [api, isSent]);

  const onField = (name: keyof LeaveFields) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setFields((current) => ({ ...current, [name]: value }));
  };

  const errorOf = (name: keyof LeaveFields) =>
    errors[name] && <span class="okw-error">{t(errors[name] as WordKey)}</span>;

  const field = (name: 'mobile' | 'email', label: string, inputType: string) => (
    <label class="okw-field">
      <span>{label}</span>
      <input
        class="okw-input"
        type={inputType}
        name={name}
        data-testid={`leave-${name}`}
        value={fields[name]}
        disabled={isReadOnly}
        aria-invalid={Boolean(errors[name])}
        onInput={onField(name)}
      />
      {errorOf(name)}
    </label>
  );

  return (
    <div class="okw-leave">
      <p class="okw-notice" data-testid="leave-tip">
        {tip || t('leaveOffline')}
      </p>
      {search}
      {isSent ? (
        <p class="okw-notice" data-testid="leave-sent">
          {t('leaveSent')}
        </p>
      ) : (
        <form
          class="okw-card"
          data-testid="leave-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!api) return;
            const found = validateLeaveMessage(fields, type);
            setErrors(found);
            if (Object.keys(found).length > 0) return;
            api
              .leaveMessage({
                ...(target.wid ? { wid: target.wid } : {}),
                ...(target.aid ? { aid: target.aid } : {}),
                content: fields.content.trim(),
                mobile: fields.mobile.trim(),
                email: fields.email.trim(),
              })
              .then(
                () => setSent(true),
                (error: unknown) => setServerError(error instanceof Error ? error.message : String(error)),
              );
          }}
        >
          <strong>{t('leaveTitle')}</strong>
          <label class="okw-field">
            <span>{t('leaveContent')}</span>
            <textarea
              class="okw-input"
              data-testid="leave-content"
              maxLength={2000}
              value={fields.content}
              disabled={isReadOnly}
              aria-invalid={Boolean(errors.content)}
              onInput={onField('content')}
            />
            {errorOf('content')}
          </label>
          {type !== 'email' && field('mobile', t('leaveMobile'), 'tel')}
          {type !== 'mobile' && field('email', t('leaveEmail'), 'email')}
          {serverError && (
            <p class="okw-error" role="alert">
              {serverError}
            </p>
          )}
          <button type="submit" class="okw-button" data-testid="leave-submit" disabled={isReadOnly}>
            {t('leaveSubmit')}
          </button>
        </form>
      )}
      {earlier.length > 0 && (
        <section class="okw-card">
          <strong>{t('leaveEarlier')}</strong>
          {earlier.map((item) => (
            <div key={item.lid} class="okw-earlier" data-testid="leave-earlier">
              <p class="okw-text">{item.content}</p>
              <p class="okw-muted">
                {t('leaveReply')}: {item.reply || t('leaveNoReply')}
              </p>
            </div>
          ))}
        </section>
      )}
    </div>
  );
};
