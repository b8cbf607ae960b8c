import { useRef, useState } from 'preact/hooks';
import { emojis } from '../emoji.js';
import type { Translate } from '../i18n.js';
import { ImageIcon, PaperclipIcon, PinIcon } from '../icons.js';
import { VoiceButton } from '../voice/VoiceButton.js';
import { PositionError, requestPosition } from './location.js';

const imageTypes = 'image/png,image/jpeg,image/gif,image/webp';
/** The contract's voiceNoteMaxSeconds (a number, not imported: the contract brings zod along). */
const voiceNoteMaxSeconds = 60;

/**
 * The message box with its tools. The image and file pickers are real buttons (labelled, focusable)
 * that open hidden file inputs: a label with aria-label is not allowed to carry a name.
 */
export const Composer = ({
  t,
  isDisabled = false,
  onSend,
  onDraft,
  onFile,
  onLocation,
  onVoice,
}: {
  t: Translate;
  /** The console's preview: shown as it looks, nothing can be typed or sent. */
  isDisabled?: boolean;
  /** Returns false when the text could not be sent (it stays in the box). */
  onSend?: (text: string) => boolean;
  onDraft?: (text: string) => void;
  onFile?: (file: File, kind: 'image' | 'file') => void;
  /** Sends the visitor's position; the button shows only when this is given. */
  onLocation?: (position: { latitude: number; longitude: number }) => void;
  /** Sends a recorded voice note; the microphone button shows only when this is given. */
  onVoice?: (file: File) => void;
}) => {
  const [draft, setDraft] = useState('');
  const [locationNote, setLocationNote] = useState<{ text: string; isError: boolean } | null>(null);
  const [isEmojiOpen, setEmojiOpen] = useState(false);
  const imageInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const send = () => {
    const content = draft.trim();
    if (!content || isDisabled || !onSend?.(content)) return;
    setDraft('');
    setEmojiOpen(false);
  };

  /** Asks first (the browser's own prompt says little about who gets the position), then locates. */
  const shareLocation = async () => {
    if (!onLocation || isDisabled || !window.confirm(t('locationConsent'))) return;
    setLocationNote({ text: t('locationLocating'), isError: false });
    try {
      onLocation(await requestPosition());
      setLocationNote(null);
    } catch (error) {
      const problem = error instanceof PositionError ? error.problem : 'unavailable';
      setLocationNote({
        text: t(
          problem === 'denied'
            ? 'locationDenied'
            : problem === 'unsupported'
              ? 'locationUnsupported'
              : 'locationUnavailable',
        ),
        isError: true,
      });
    }
  };

  const picked = (kind: 'image' | 'file') => (event: { currentTarget: HTMLInputElement }) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (file) onFile?.(file, kind);
  };

  return (
    <footer class="okw-composer">
      {isEmojiOpen && (
        <div class="okw-emoji" role="group" aria-label={t('emoji')}>
          {emojis.map((emoji) => (
            <button
              type="button"
              key={emoji}
              class="okw-emoji-item"
              onClick={() => setDraft((current) => current + emoji)}
            >
              {emoji}
            </button>
          ))}
        </div>
      )}
      <div class="okw-tools">
        <button
          type="button"
          class="okw-tool"
          aria-label={t('emoji')}
          aria-expanded={isEmojiOpen}
          disabled={isDisabled}
          onClick={() => setEmojiOpen(!isEmojiOpen)}
        >
          <span aria-hidden="true">😊</span>
        </button>
        <button
          type="button"
          class="okw-tool"
          aria-label={t('image')}
          title={t('image')}
          data-testid="chat-image"
          disabled={isDisabled}
          onClick={() => imageInput.current?.click()}
        >
          <ImageIcon />
        </button>
        <input
          ref={imageInput}
          type="file"
          accept={imageTypes}
          data-testid="chat-image-input"
          tabIndex={-1}
          hidden
          onChange={picked('image')}
        />
        <button
          type="button"
          class="okw-tool"
          aria-label={t('file')}
          title={t('file')}
          data-testid="chat-file"
          disabled={isDisabled}
          onClick={() => fileInput.current?.click()}
        >
          <PaperclipIcon />
        </button>
        <input
          ref={fileInput}
          type="file"
          data-testid="chat-file-input"
          tabIndex={-1}
          hidden
          onChange={picked('file')}
        />
        {onLocation && (
          <button
            type="button"
            class="okw-tool"
            aria-label={t('location')}
            title={t('location')}
            data-testid="chat-location-button"
            disabled={isDisabled}
            onClick={() => void shareLocation()}
          >
            <PinIcon />
          </button>
        )}
        {onVoice && (
          <VoiceButton t={t} maxSeconds={voiceNoteMaxSeconds} isDisabled={isDisabled} onRecorded={onVoice} />
        )}
      </div>
      {locationNote && (
        <div
          class={`okw-composer-note${locationNote.isError ? ' okw-composer-note--error' : ''}`}
          role={locationNote.isError ? 'alert' : 'status'}
          data-testid="chat-location-note"
        >
          {locationNote.text}
        </div>
      )}
      <div class="okw-input-row">
        <textarea
          class="okw-input"
          rows={1}
          data-testid="chat-input"
          aria-label={t('placeholder')}
          placeholder={t('placeholder')}
          value={draft}
          maxLength={5000}
          disabled={isDisabled}
          onInput={(event) => {
            setDraft(event.currentTarget.value);
            onDraft?.(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
              event.preventDefault();
              send();
            }
          }}
        />
        <button
          type="button"
          class="okw-button"
          data-testid="chat-send"
          disabled={isDisabled || !draft.trim()}
          onClick={send}
        >
          {t('send')}
        </button>
      </div>
    </footer>
  );
};
