import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Space } from 'antd';
import { AudioMutedOutlined, AudioOutlined, PhoneOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Thread } from '@openkefu/contract';
import { formatDuration } from '@openkefu/media';
import { isPageHidden, notifyDesktop } from '../hooks/alerts';
import { WORKBENCH_NS } from './i18n';
import { startRingtone } from './ringtone';
import { useAgentCall } from './useAgentCall';
import './call.css';

const MediaView = ({
  stream,
  muted,
  label,
}: {
  stream: MediaStream | null;
  muted: boolean;
  label: string;
}) => {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.srcObject !== stream) ref.current.srcObject = stream;
  }, [stream]);
  return <video ref={ref} autoPlay playsInline muted={muted} aria-label={label} />;
};

const Timer = ({ since }: { since: number }) => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return <span data-testid="agent-call-timer">{formatDuration(now - since)}</span>;
};

/**
 * Calls in the workbench (issue 21), one at a time: call buttons for the open conversation the
 * agent serves, the incoming-call dialog (ringtone, desktop notification when the tab is hidden),
 * and the in-call panel with mute, camera off, screen share, timer and hang-up.
 */
export const CallCenter = ({ thread, meUid }: { thread: Thread | null; meUid: string }) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const call = useAgentCall();
  const { view } = call;
  const incoming = view.phase === 'incoming' ? view.call : null;

  useEffect(() => {
    if (!incoming) return;
    const stop = startRingtone();
    if (isPageHidden())
      notifyDesktop({
        title: t(incoming.media === 'video' ? 'call.incomingVideo' : 'call.incomingVoice', {
          name: incoming.callerName,
        }),
        body: t('call.notificationBody'),
        tag: `call-${incoming.callId}`,
      });
    return stop;
  }, [incoming, t]);

  const canCall =
    thread !== null &&
    thread.status === 'chatting' &&
    thread.agent?.uid === meUid &&
    thread.allowCall !== false &&
    view.phase === 'idle';
  const isVideo = view.call?.media === 'video';

  return (
    <>
      {view.notice && (
        <Alert
          className="ok-wb-banner"
          type={view.notice.kind === 'ended' ? 'info' : 'warning'}
          showIcon
          closable
          onClose={call.dismiss}
          data-testid="agent-call-notice"
          title={
            view.notice.kind === 'ended'
              ? t(`call.ended.${view.notice.reason}`)
              : view.notice.kind === 'error'
                ? view.notice.message
                : t(`call.${view.notice.kind}`)
          }
        />
      )}
      {canCall && (
        <Space className="ok-call-actions" size="small">
          <Button
            size="small"
            icon={<PhoneOutlined />}
            data-testid="agent-call-voice"
            onClick={() => void call.start(thread.tid, 'audio')}
          >
            {t('call.voice')}
          </Button>
          <Button
            size="small"
            icon={<VideoCameraOutlined />}
            data-testid="agent-call-video"
            onClick={() => void call.start(thread.tid, 'video')}
          >
            {t('call.video')}
          </Button>
        </Space>
      )}
      {incoming && (
        <Modal
          open
          title={t('call.incomingTitle')}
          closable={false}
          maskClosable={false}
          footer={[
            <Button key="reject" danger data-testid="agent-call-reject" onClick={call.reject}>
              {t('call.reject')}
            </Button>,
            <Button
              key="accept"
              type="primary"
              data-testid="agent-call-accept"
              onClick={() => void call.accept()}
            >
              {t('call.accept')}
            </Button>,
          ]}
        >
          <p data-testid="agent-call-incoming">
            {t(incoming.media === 'video' ? 'call.incomingVideo' : 'call.incomingVoice', {
              name: incoming.callerName,
            })}
          </p>
        </Modal>
      )}
      {(view.phase === 'outgoing' || view.phase === 'active') && view.call && (
        <section
          className="ok-call"
          aria-label={t(isVideo ? 'call.video' : 'call.voice')}
          data-testid="agent-call-view"
          data-phase={view.phase}
        >
          <div className="ok-call__videos" hidden={!isVideo}>
            <MediaView stream={view.remote} muted={false} label={t('call.remoteVideo')} />
            <div className="ok-call__local">
              <MediaView stream={view.local} muted label={t('call.localVideo')} />
            </div>
          </div>
          {/* A voice call still plays the visitor's audio through a hidden element. */}
          {!isVideo && (
            <div hidden>
              <MediaView stream={view.remote} muted={false} label={t('call.remoteVideo')} />
            </div>
          )}
          <div className="ok-call__status">
            {view.phase === 'outgoing'
              ? t('call.calling', { name: thread?.visitor?.nickname ?? '' })
              : view.answeredAt !== null && <Timer since={view.answeredAt} />}
          </div>
          <Space wrap>
            <Button
              icon={view.muted ? <AudioMutedOutlined /> : <AudioOutlined />}
              aria-pressed={view.muted}
              data-testid="agent-call-mute"
              onClick={call.toggleMute}
            >
              {t(view.muted ? 'call.unmute' : 'call.mute')}
            </Button>
            {isVideo && (
              <Button
                aria-pressed={view.cameraOff}
                data-testid="agent-call-camera"
                onClick={call.toggleCamera}
              >
                {t(view.cameraOff ? 'call.cameraOn' : 'call.cameraOff')}
              </Button>
            )}
            {isVideo && view.phase === 'active' && (
              <Button aria-pressed={view.sharing} data-testid="agent-call-share" onClick={call.toggleShare}>
                {t(view.sharing ? 'call.stopShare' : 'call.shareScreen')}
              </Button>
            )}
            <Button danger type="primary" data-testid="agent-call-hangup" onClick={call.hangup}>
              {t('call.hangup')}
            </Button>
          </Space>
        </section>
      )}
    </>
  );
};
