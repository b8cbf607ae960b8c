import { useTranslation } from 'react-i18next';
import type { ContactChannel } from '../hooks/useFormStatus';
import { PasswordField, TextField, type TextFieldProps } from './Form';
import { SendCodeButton } from './SendCodeButton';

/** A field's value, setter and message, as `useFormFields().field(key)` gives them. */
export type FieldBinding = Pick<TextFieldProps, 'value' | 'onValueChange' | 'error'>;

/** A preset field: the binding, plus any input attribute to add or override (the label too). */
type PresetFieldProps = FieldBinding &
  Omit<TextFieldProps, keyof FieldBinding | 'label' | 'name'> & { label?: string };

export const UsernameField = ({ label, ...props }: PresetFieldProps) => {
  const { t } = useTranslation('user');
  return (
    <TextField
      label={label ?? t('field.username')}
      name="username"
      autoComplete="username"
      placeholder={t('placeholder.username')}
      {...props}
    />
  );
};

const CONTACT_INPUTS = {
  email: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  mobile: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' },
} as const;

/** An email address or a mobile number (one component for both, so switching keeps the input). */
export const ContactField = ({
  channel,
  label,
  ...props
}: PresetFieldProps & { channel: ContactChannel }) => {
  const { t } = useTranslation('user');
  return (
    <TextField
      label={label ?? t(`field.${channel}`)}
      name={channel}
      {...CONTACT_INPUTS[channel]}
      placeholder={t(`placeholder.${channel}`)}
      {...props}
    />
  );
};

export type CodeFieldProps = FieldBinding & {
  /** See SendCodeButton's `onSend`. */
  onSendCode: () => Promise<boolean | number>;
  isSendDisabled?: boolean;
};

/** The 6-digit verification code, with the send-code button beside it. */
export const CodeField = ({ onSendCode, isSendDisabled, ...binding }: CodeFieldProps) => {
  const { t } = useTranslation('user');
  return (
    <TextField
      label={t('field.code')}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      placeholder={t('placeholder.code')}
      {...binding}
      addon={<SendCodeButton onSend={onSendCode} isDisabled={isSendDisabled} />}
    />
  );
};

export type ContactCodeFieldsProps = {
  channel: ContactChannel;
  address: FieldBinding;
  code: FieldBinding;
  onSendCode: () => Promise<boolean | number>;
  /** Disables the send-code button (while the form is submitting). */
  isPending: boolean;
};

/** An email address or mobile number, and the code sent to it. */
export const ContactCodeFields = ({
  channel,
  address,
  code,
  onSendCode,
  isPending,
}: ContactCodeFieldsProps) => (
  <>
    <ContactField channel={channel} {...address} />
    <CodeField {...code} onSendCode={onSendCode} isSendDisabled={isPending} />
  </>
);

export type NewPasswordFieldsProps = {
  /** Defaults to "Password". */
  passwordLabel?: string;
  password: FieldBinding;
  confirm: FieldBinding;
};

/** A new password and the same again. */
export const NewPasswordFields = ({ passwordLabel, password, confirm }: NewPasswordFieldsProps) => {
  const { t } = useTranslation('user');
  return (
    <>
      <PasswordField
        label={passwordLabel ?? t('field.password')}
        name="password"
        autoComplete="new-password"
        placeholder={t('placeholder.newPassword')}
        {...password}
        maxLength={64}
      />
      <PasswordField
        label={t('field.confirmPassword')}
        name="confirm"
        autoComplete="new-password"
        placeholder={t('placeholder.confirmPassword')}
        {...confirm}
        maxLength={64}
      />
    </>
  );
};
