import './i18n';
import { useEffect, useRef, useState } from 'react';
import { Button, Space, Tooltip, Typography } from 'antd';
import { AudioOutlined, CloseOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { voiceNoteMaxSeconds } from '@openkefu/contract';
import { RecorderError, startVoiceRecording, type ActiveRecording } from '@openkefu/media';
import { WORKBENCH_NS } from '../i18n';

/**
 * Click to record a voice note, then send or cancel; the time left counts down and the recording
 * sends itself at the limit. A refused microphone is said in words, next to the button.
 */
export const VoiceRecordButton = ({
  isDisabled = false,
  onRecorded,
}: {
  isDisabled?: boolean;
  onRecorded: (file: File) => void;
}) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const [seconds, setSeconds] = useState<number | null>(null);
  const [problem, setProblem] = useState('');
  const active = useRef<ActiveRecording | null>(null);

  useEffect(() => () => active.current?.cancel(), []);

  const finish = async () => {
    const recording = active.current;
    active.current = null;
    setSeconds(null);
    if (!recording) return;
    try {
      const { file } = await recording.stop();
      if (file.size > 0) onRecorded(file);
    } catch {
      // Cancelled meanwhile: nothing to send.
    }
  };

  const start = async () => {
    setProblem('');
    try {
      active.current = await startVoiceRecording({
        maxSeconds: voiceNoteMaxSeconds,
        onTick: setSeconds,
        onLimit: () => void finish(),
      });
      setSeconds(0);
    } catch (error) {
      const reason = error instanceof RecorderError ? error.problem : 'failed';
      setProblem(t(`voice.${reason}`));
    }
  };

  const cancel = () => {
    active.current?.cancel();
    active.current = null;
    setSeconds(null);
  };

  if (seconds !== null)
    return (
      <Space size={4} role="group" aria-label={t('voice.record')} data-testid="voice-recording">
        <Typography.Text type="danger" role="timer">
          {t('voice.left', { seconds: Math.max(0, voiceNoteMaxSeconds - seconds) })}
        </Typography.Text>
        <Button size="small" icon={<CloseOutlined />} onClick={cancel}>
          {t('voice.cancel')}
        </Button>
        <Button size="small" type="primary" icon={<SendOutlined />} onClick={() => void finish()}>
          {t('voice.send')}
        </Button>
      </Space>
    );
  return (
    <>
      <Tooltip title={t('voice.record')}>
        <Button
          type="text"
          icon={<AudioOutlined />}
          aria-label={t('voice.record')}
          disabled={isDisabled}
          onClick={() => void start()}
        />
      </Tooltip>
      {problem && (
        <Typography.Text type="danger" role="alert" data-testid="voice-problem">
          {problem}
        </Typography.Text>
      )}
    </>
  );
};
