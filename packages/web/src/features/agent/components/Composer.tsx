import { useRef, useState, type ChangeEvent, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Button, Input, Popover, Tooltip, Typography } from 'antd';
import type { TextAreaRef } from 'antd/es/input/TextArea';
import { FileAddOutlined, PictureOutlined, SendOutlined, SmileOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { messageMaxTextLength } from '@openkefu/contract';
import { WORKBENCH_NS } from '../i18n';
import type { MediaKind } from '../hooks/useConversation';
import { markQuickReplyUsed } from '../tools/api';
import { QuickReplyPicker } from '../tools/QuickReplyPicker';
import { SlashMenu } from '../tools/SlashMenu';
import { SendFormButton } from './Questionnaire';
import { VoiceRecordButton } from '../voice/VoiceRecordButton';
import { SendCommodityButton } from '../commodity/SendCommodityButton';
import { SendRedPacketButton } from '../red-packet/SendRedPacketButton';
import { useSlashMenu } from '../tools/useQuickReplies';
import type { Commodity, Cuw, RedPacket } from '@openkefu/contract';

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
  /** Sends a product card; no button without it. */
  onCommodity?: (commodity: Commodity) => void;
  onRedPacket?: (redPacket: RedPacket) => void;
  /** The conversation, for sending a published form into it (issue 16); no button without it. */
  tid?: string;
};

/**
 * Enter sends, Shift+Enter starts a new line; emoji, quick-reply, image and file buttons; pasted
 * images are sent. "/" at the start opens the quick replies matching what follows.
 */
export const Composer = ({
  draftKey,
  isConnected,
  onSend,
  onFile,
  onTyping,
  onCommodity,
  onRedPacket,
  tid,
}: ComposerProps) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const [text, setTextState] = useState(() => readDraft(draftKey));
  const [isEmojiOpen, setEmojiOpen] = useState(false);
  const inputRef = useRef<TextAreaRef>(null);
  const imageInputRef = useRef<HTMLInputElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const isTooLong = text.length > messageMaxTextLength;
  const canSend = text.trim() !== '' && !isTooLong;
  const slash = useSlashMenu(text);

  const setText = (value: string) => {
    setTextState(value);
    writeDraft(draftKey, value);
  };

  const submit = () => {
    if (!canSend) return;
    if (onSend(text)) setText('');
  };

  /** Puts `value` in place of `[start, end)` and the caret after it. */
  const replaceRange = (value: string, start: number, end: number) => {
    const element = inputRef.current?.resizableTextArea?.textArea;
    setText(`${text.slice(0, start)}${value}${text.slice(end)}`);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + value.length, start + value.length);
    });
  };

  const insertAtCaret = (value: string) => {
    const element = inputRef.current?.resizableTextArea?.textArea;
    replaceRange(value, element?.selectionStart ?? text.length, element?.selectionEnd ?? text.length);
  };

  const applyQuickReply = (reply: Cuw, isFromSlash: boolean) => {
    // From the "/" menu the reply replaces the "/keyword" typed; from the button it goes at the caret.
    if (isFromSlash) replaceRange(reply.content, 0, text.length);
    else insertAtCaret(reply.content);
    void markQuickReplyUsed(reply.cid).catch(() => undefined);
  };

  const onSlashKey = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!slash.isOpen || event.nativeEvent.isComposing) return false;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      slash.move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Escape') {
      slash.dismiss();
    } else if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
      const reply = slash.items[slash.activeIndex];
      // With nothing to pick, Enter sends "/…" as typed and Tab moves focus as usual.
      if (!reply) return false;
      applyQuickReply(reply, true);
    } else {
      return false;
    }
    event.preventDefault();
    return true;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (onSlashKey(event)) return;
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
    insertAtCaret(emoji);
    setEmojiOpen(false);
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
        <QuickReplyPicker onChoose={(reply) => applyQuickReply(reply, false)} />
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
        <VoiceRecordButton isDisabled={!isConnected} onRecorded={(file) => onFile(file, 'voice')} />
        {onCommodity && <SendCommodityButton isDisabled={!isConnected} onSend={onCommodity} />}
        {onRedPacket && <SendRedPacketButton isDisabled={!isConnected} onSend={onRedPacket} />}
        {tid && <SendFormButton tid={tid} />}
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
      <SlashMenu menu={slash} onChoose={(reply) => applyQuickReply(reply, true)} />
      <Input.TextArea
        ref={inputRef}
        value={text}
        onChange={onChange}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        aria-label={t('composer.label')}
        aria-controls={slash.items.length > 0 ? 'ok-wb-slash-list' : undefined}
        aria-activedescendant={
          slash.items[slash.activeIndex] ? `ok-wb-slash-${slash.items[slash.activeIndex]?.cid}` : undefined
        }
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
