import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../../shared/components/Countdown/useCountdown';

/** Seconds before another code may be requested when the server does not say. */
export const RESEND_SECONDS = 60;

export type SendCodeButtonProps = {
  /**
   * Sends the code. Resolve to false when nothing was sent (e.g. the address is invalid), true
   * for the default 60 s wait, or a number of seconds to wait (the server's `resendAfter`).
   */
  onSend: () => Promise<boolean | number>;
  isDisabled?: boolean;
};

export const SendCodeButton = ({ onSend, isDisabled = false }: SendCodeButtonProps) => {
  const { t } = useTranslation('user');
  const [isSending, setSending] = useState(false);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const remaining = useCountdown(resendAt, () => setResendAt(null));
  const isMounted = useRef(true);
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  // Waiting lasts until the countdown's end callback clears `resendAt`.
  const isWaiting = resendAt !== null;
  const secondsLeft = Math.max(1, Math.ceil(remaining / 1000));
  const send = async () => {
    if (isSending || isWaiting) return;
    setSending(true);
    try {
      const result = await onSend();
      if (!isMounted.current || result === false) return;
      const seconds = typeof result === 'number' && result > 0 ? result : RESEND_SECONDS;
      setResendAt(Date.now() + seconds * 1000);
    } finally {
      if (isMounted.current) setSending(false);
    }
  };

  return (
    <button
      type="button"
      className="ok-button ok-field__addon"
      disabled={isDisabled || isSending || isWaiting}
      onClick={() => void send()}
    >
      {isSending
        ? t('sendCode.sending')
        : isWaiting
          ? t('sendCode.resend', { count: secondsLeft })
          : t('sendCode.send')}
    </button>
  );
};
