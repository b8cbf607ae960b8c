import { useRef, useState, type ChangeEvent, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Button, Input, Popover, Tooltip, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { FileAddOutlined, PictureOutlined, SendOutlined, SmileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { messageMaxTextLength } from '@openkefu/contract';
import { WORKBENCH_NS } from '../i18n';
import type { MediaKind } from '../hooks/useConversation';

/** A small built-in set: no emoji library or sprite sheet to download. */
// prettier-ignore
export const EMOJIS = [
  '😀', '😁', '😂', '🤣', '😊', '😇', '🙂', '😉', '😍', '😘', '😎', '🤔',
  '😐', '😅', '😢', '😭', '😡', '😱', '😴', '🤝', '👍', '👎', '👌', '👏',
  '🙏', '💪', '👋', '🙌', '❤️', '💔', '🎉', '🎁', '🌹', '☕', '🔥', '⭐',
  '✅', '❌', '❓', '❗', '💡', '📞', '📧', '📦', '🚚', '💰', '⏰', '📌',
];

/** Drafts survive switching conversations and reloading the window (session storage: this window only). */
const DRAFT_PREFIX = 'openkefu.workbench.draft.';

const readDraft = (key: string): string => {
  try {
    return sessionStorage.getItem(`${DRAFT_PREFIX}${key}`) ?? '';
  } catch {
    return '';
  }
};

const writeDraft = (key: string, text: string): void => {
  try {
    if (text === '') sessionStorage.removeItem(`${DRAFT_PREFIX}${key}`);
    else sessionStorage.setItem(`${DRAFT_PREFIX}${key}`, text);
  } catch {
    // Storage full or blocked: the draft just does not outlive the component.
  }
};

export type ComposerProps = {
  draftKey: string;
  isConnected: boolean;
  onSend: (text: string) => boolean;
  onFile: (file: File, kind: MediaKind) => void;
  onTyping: () => void;
};

/** Enter sends, Shift+Enter starts a new line; emoji, image and file buttons; pasted images are sent. */
export const Composer = ({ draftKey, isConnected, onSend, onFile, onTyping }: ComposerProps) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const [text, setTextState] = useState(() => readDraft(draftKey));
  const [isEmojiOpen, setEmojiOpen] = useState(false);
  const inputRef = useRef<TextAreaRef>(null);
  const imageInputRef = useRef<HTMLInputElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const isTooLong = text.length > messageMaxTextLength;
  const canSend = text.trim() !== '' && !isTooLong;

  const setText = (value: string) => {
    setTextState(value);
    writeDraft(draftKey, value);
  };

  const submit = () => {
    if (!canSend) return;
    if (onSend(text)) setText('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // IME composition (Chinese input) uses Enter to pick characters: that is not a send.
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  };

  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setText(event.target.value);
    if (event.target.value !== '') onTyping();
  };

  const insertEmoji = (emoji: string) => {
    const element = inputRef.current?.resizableTextArea?.textArea;
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    setText(`${text.slice(0, start)}${emoji}${text.slice(end)}`);
    setEmojiOpen(false);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const images = [...event.clipboardData.files].filter((file) => file.type.startsWith('image/'));
    if (images.length === 0) return;
    event.preventDefault();
    images.forEach((file) => onFile(file, 'image'));
  };

  const onPick = (kind: MediaKind) => (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = ''; // the same file can be picked again
    files.forEach((file) => onFile(file, kind));
  };

  return (
    <div className="ok-wb-composer" data-testid="composer">
      <div className="ok-wb-composer__tools">
        <Popover
          open={isEmojiOpen}
          onOpenChange={setEmojiOpen}
          trigger="click"
          placement="topLeft"
          content={
            <div className="ok-wb-emoji" role="listbox" aria-label={t('composer.emoji')}>
              {EMOJIS.map((emoji) => (
                <button
                  key={emoji}
                  type="button"
                  role="option"
                  aria-selected={false}
                  className="ok-wb-emoji__item"
                  onClick={() => insertEmoji(emoji)}
                >
                  {emoji}
                </button>
              ))}
            </div>
          }
        >
          <Tooltip title={t('composer.emoji')}>
            <Button type="text" icon={<SmileOutlined />} aria-label={t('composer.emoji')} />
          </Tooltip>
        </Popover>
        <Tooltip title={t('composer.image')}>
          <Button
            type="text"
            icon={<PictureOutlined />}
            aria-label={t('composer.image')}
            onClick={() => imageInputRef.current?.click()}
          />
        </Tooltip>
        <Tooltip title={t('composer.file')}>
          <Button
            type="text"
            icon={<FileAddOutlined />}
            aria-label={t('composer.file')}
            onClick={() => fileInputRef.current?.click()}
          />
        </Tooltip>
        <input
          ref={imageInputRef}
          type="file"
          accept="image/*"
          multiple
          hidden
          data-testid="composer-image-input"
          onChange={onPick('image')}
        />
        <input
          ref={fileInputRef}
          type="file"
          multiple
          hidden
          data-testid="composer-file-input"
          onChange={onPick('file')}
        />
        {!isConnected && (
          <Typography.Text type="warning" className="ok-wb-composer__offline">
            {t('composer.disconnected')}
          </Typography.Text>
        )}
      </div>
      <Input.TextArea
        ref={inputRef}
        value={text}
        onChange={onChange}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        aria-label={t('composer.label')}
        data-testid="composer-input"
        placeholder={t('composer.placeholder')}
        autoSize={{ minRows: 2, maxRows: 8 }}
        status={isTooLong ? 'error' : undefined}
        variant="borderless"
      />
      <div className="ok-wb-composer__foot">
        {isTooLong ? (
          <Typography.Text type="danger" role="alert">
            {t('composer.tooLong', { max: messageMaxTextLength })}
          </Typography.Text>
        ) : (
          <span />
        )}
        <Button
          type="primary"
          icon={<SendOutlined />}
          onClick={submit}
          disabled={!canSend}
          data-testid="composer-send"
        >
          {t('composer.send')}
        </Button>
      </div>
    </div>
  );
};
