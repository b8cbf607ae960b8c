import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'id'>;

export type TextFieldProps = InputProps & {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Message shown under the field; also marks it invalid. */
  error?: string | null;
  /** Shown beside the input (e.g. the send-code button). */
  addon?: ReactNode;
  hint?: ReactNode;
};

export const TextField = ({
  label,
  value,
  onValueChange,
  error,
  addon,
  hint,
  name,
  ...inputProps
}: TextFieldProps) => {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'ok-field ok-field--error' : 'ok-field'}>
      <label className="ok-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="ok-field__row">
        <input
          {...inputProps}
          id={id}
          name={name}
          className="ok-field__input"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {addon}
      </div>
      {error && (
        <div id={errorId} className="ok-field__error">
          {error}
        </div>
      )}
      {hint && (
        <div id={hintId} className="ok-field__hint">
          {hint}
        </div>
      )}
    </div>
  );
};

export type PasswordFieldProps = Omit<TextFieldProps, 'type' | 'addon'>;

/** A password input with a show/hide toggle (typing passwords on phones is error-prone). */
export const PasswordField = (props: PasswordFieldProps) => {
  const { t } = useTranslation('user');
  const [isVisible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      addon={
        <button
          type="button"
          className="ok-field__toggle"
          aria-pressed={isVisible}
          aria-label={isVisible ? t('common.hidePassword') : t('common.showPassword')}
          title={isVisible ? t('common.hidePassword') : t('common.showPassword')}
          onClick={() => setVisible((value) => !value)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d={
                isVisible
                  ? 'M12 5c5 0 9 4.5 10 7-1 2.5-5 7-10 7S3 14.5 2 12c1-2.5 5-7 10-7Zm0 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm0 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4Z'
                  : 'M3.3 2 2 3.3l3.2 3.2A12.5 12.5 0 0 0 2 12c1 2.5 5 7 10 7 1.8 0 3.4-.6 4.8-1.4L20.7 22l1.3-1.3L3.3 2ZM12 17a5 5 0 0 1-4.9-6l1.6 1.6A3 3 0 0 0 12 15c.3 0 .6 0 .9-.1l1.6 1.6c-.8.3-1.6.5-2.5.5Zm0-12c-1.3 0-2.5.3-3.6.8l1.6 1.6A5 5 0 0 1 17 12c0 .6-.1 1.2-.3 1.7l2.6 2.6A12.2 12.2 0 0 0 22 12c-1-2.5-5-7-10-7Z'
              }
            />
          </svg>
        </button>
      }
    />
  );
};

export type FormAlertProps = { kind?: 'error' | 'success' | 'info' | 'warning'; children: ReactNode };

/** A message above a form: the server's error (spec §8) or a status line. */
export const FormAlert = ({ kind = 'error', children }: FormAlertProps) => (
  <div
    className={`ok-alert ok-alert--${kind}`}
    role={kind === 'error' || kind === 'warning' ? 'alert' : 'status'}
  >
    {children}
  </div>
);

export type SubmitButtonProps = { isPending: boolean; label: string; pendingLabel: string };

export const SubmitButton = ({ isPending, label, pendingLabel }: SubmitButtonProps) => (
  <button
    type="submit"
    className="ok-button ok-button--primary ok-button--block"
    disabled={isPending}
    aria-busy={isPending}
  >
    {isPending ? pendingLabel : label}
  </button>
);

export type TabItem<K extends string> = { key: K; label: string };

export type TabsProps<K extends string> = {
  label: string;
  items: ReadonlyArray<TabItem<K>>;
  active: K;
  onChange: (key: K) => void;
};

/** Tabs that switch a form's mode; arrow keys move between them (WAI-ARIA tabs pattern). */
export const Tabs = <K extends string>({ label, items, active, onChange }: TabsProps<K>) => {
  const focusSibling = (index: number, target: HTMLElement) => {
    const next = items[(index + items.length) % items.length];
    onChange(next.key);
    const buttons = target.parentElement?.querySelectorAll<HTMLButtonElement>('[role="tab"]');
    buttons?.[(index + items.length) % items.length]?.focus();
  };
  return (
    <div className="ok-tabs" role="tablist" aria-label={label}>
      {items.map((item, index) => (
        <button
          key={item.key}
          type="button"
          role="tab"
          className={item.key === active ? 'ok-tabs__tab ok-tabs__tab--active' : 'ok-tabs__tab'}
          aria-selected={item.key === active}
          tabIndex={item.key === active ? 0 : -1}
          onClick={() => onChange(item.key)}
          onKeyDown={(event) => {
            if (event.key === 'ArrowRight') focusSibling(index + 1, event.currentTarget);
            if (event.key === 'ArrowLeft') focusSibling(index - 1, event.currentTarget);
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
};
