import { useEffect, useRef, useState } from 'react';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../../shared/components/Countdown/useCountdown';
import { SETTINGS_NS } from '../i18n';

/** Seconds before another code may be requested when the server does not say. */
export const RESEND_SECONDS = 60;

export type CodeButtonProps = {
  /**
   * Sends the code. Resolves to false when nothing was sent (invalid address, server refused),
   * or to the seconds to wait before another send (the server's `resendAfter`).
   */
  onSend: () => Promise<false | number>;
  isDisabled?: boolean;
};

/** "Send code", then "Resend in N s" until the wait is over (the console's antd counterpart of the login page's button). */
export const CodeButton = ({ onSend, isDisabled = false }: CodeButtonProps) => {
  const { t } = useTranslation(SETTINGS_NS);
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

  const isWaiting = resendAt !== null;
  const send = async () => {
    if (isSending || isWaiting) return;
    setSending(true);
    try {
      const result = await onSend();
      if (!isMounted.current || result === false) return;
      setResendAt(Date.now() + (result > 0 ? result : RESEND_SECONDS) * 1000);
    } finally {
      if (isMounted.current) setSending(false);
    }
  };

  return (
    <Button disabled={isDisabled || isSending || isWaiting} onClick={() => void send()}>
      {isSending
        ? t('binding.sending')
        : isWaiting
          ? t('binding.resend', { count: Math.max(1, Math.ceil(remaining / 1000)) })
          : t('binding.sendCode')}
    </Button>
  );
};
