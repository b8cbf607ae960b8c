import { useCallback, useEffect, useRef, useState, type DragEvent } from 'react';
import { Button, Progress, Typography } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Attachment } from '@openkefu/contract';
import { getProfile } from '../../auth/profileStore';
import { isHttpError } from '../../api/http';
import { formatFileSize } from '../../utils/fileSize';
import { acceptAttributeOf, defaultAcceptOf, isAccepted, isImageFile } from './accept';
import { UPLOAD_NS } from './i18n';
import { uploadFile, type UploadHandle } from './uploadFile';
import type { UploadWidgetProps } from './types';
import './Upload.css';

/** What the widget shows; the upload itself moves through the contract's `UploadState`s. */
type Phase =
  | { state: 'idle' }
  | { state: 'refused'; reason: string }
  | { state: 'processing'; file: File; progress: number }
  | { state: 'complete'; file: File; attachment: Attachment }
  | { state: 'error'; file: File; message: string }
  | { state: 'aborted'; file: File };

export class UploadRefusedError extends Error {
  readonly reason: 'type' | 'size' | 'empty';
  constructor(reason: 'type' | 'size' | 'empty', message: string) {
    super(message);
    this.name = 'UploadRefusedError';
    this.reason = reason;
  }
}

const usePreviewUrl = (file: File | null): string | null => {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file || !isImageFile(file) || typeof URL.createObjectURL !== 'function') {
      setUrl(null);
      return undefined;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
};

/**
 * The spec's upload widget (§2 "Other screen elements"): one file at a time, one upload in
 * flight, drag and drop, image preview, no revert. Type and size are checked before anything
 * is sent; the server checks the real content again.
 */
export const UploadWidget = ({
  kind = 'attachment',
  accept,
  maxSizeMb,
  onSuccess,
  onError,
}: UploadWidgetProps) => {
  const { t } = useTranslation(UPLOAD_NS);
  const acceptList = accept ?? defaultAcceptOf(kind);
  const inputRef = useRef<HTMLInputElement>(null);
  const handleRef = useRef<UploadHandle | null>(null);
  const [phase, setPhase] = useState<Phase>({ state: 'idle' });
  const [isDragging, setIsDragging] = useState(false);
  const currentFile = 'file' in phase ? phase.file : null;
  const previewUrl = usePreviewUrl(currentFile);

  // Leaving the page (or closing the modal) must not leave a request running.
  useEffect(() => () => handleRef.current?.abort(), []);

  const start = useCallback(
    (file: File) => {
      const handle = uploadFile({
        kind,
        file,
        username: getProfile()?.username ?? '',
        onProgress: (fraction) =>
          setPhase((current) =>
            current.state === 'processing' && current.file === file
              ? { ...current, progress: Math.round(fraction * 100) }
              : current,
          ),
      });
      handleRef.current = handle;
      setPhase({ state: 'processing', file, progress: 0 });
      handle.promise.then(
        ({ attachment, responseText }) => {
          if (handleRef.current !== handle) return;
          handleRef.current = null;
          setPhase({ state: 'complete', file, attachment });
          onSuccess?.(attachment, responseText);
        },
        (error: unknown) => {
          if (handleRef.current !== handle) return;
          handleRef.current = null;
          if (isHttpError(error) && error.code === 'ABORTED') {
            setPhase({ state: 'aborted', file });
            return;
          }
          const failure = error instanceof Error ? error : new Error(String(error));
          setPhase({ state: 'error', file, message: failure.message });
          onError?.(failure);
        },
      );
    },
    [kind, onError, onSuccess],
  );

  const refuse = (error: UploadRefusedError) => {
    setPhase({ state: 'refused', reason: error.message });
    onError?.(error);
  };

  const choose = (file: File | undefined) => {
    if (!file || phase.state === 'processing') return;
    if (!isAccepted(file, acceptList)) {
      refuse(new UploadRefusedError('type', t('widget.typeNotAllowed')));
      return;
    }
    if (maxSizeMb !== undefined && file.size > maxSizeMb * 1024 * 1024) {
      refuse(new UploadRefusedError('size', t('widget.tooLarge', { max: maxSizeMb })));
      return;
    }
    if (file.size === 0) {
      refuse(new UploadRefusedError('empty', t('widget.empty')));
      return;
    }
    start(file);
  };

  const cancel = () => handleRef.current?.abort();
  const retry = () => {
    if (phase.state === 'error' || phase.state === 'aborted') start(phase.file);
  };

  const canChoose = phase.state !== 'processing';
  const openPicker = () => {
    if (canChoose) inputRef.current?.click();
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    if (canChoose) setIsDragging(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  const hasFile = currentFile !== null;
  const className = [
    'ok-upload',
    canChoose && 'ok-upload--droppable',
    isDragging && 'ok-upload--dragging',
    (phase.state === 'error' || phase.state === 'refused') && 'ok-upload--error',
    phase.state === 'complete' && 'ok-upload--complete',
  ]
    .filter(Boolean)
    .join(' ');

  const hints = [
    acceptList.length > 0 ? t('widget.accepted', { types: acceptList.join(', ') }) : null,
    maxSizeMb !== undefined ? t('widget.maxSize', { max: maxSizeMb }) : null,
  ].filter((hint): hint is string => hint !== null);

  return (
    <div
      className={className}
      data-state={phase.state}
      // The whole area is a mouse and drop target; keyboard users reach the same actions through
      // the buttons inside, so the area itself is not a (nested) button.
      onClick={(event) => {
        if ((event.target as HTMLElement).closest('button, input')) return;
        if (phase.state === 'error' || phase.state === 'aborted') retry();
        else openPicker();
      }}
      onDragOver={onDragOver}
      onDragLeave={() => setIsDragging(false)}
      onDrop={onDrop}
    >
      <input
        ref={inputRef}
        className="ok-upload__input"
        type="file"
        accept={acceptAttributeOf(acceptList)}
        aria-label={t('widget.idle')}
        data-testid="upload-input"
        onChange={(event) => {
          choose(event.target.files?.[0]);
          // Choosing the same file again must fire change again.
          event.target.value = '';
        }}
      />
      {!hasFile && (
        <>
          <InboxOutlined className="ok-upload__icon" />
          <button type="button" className="ok-upload__choose" onClick={openPicker}>
            {t('widget.idle')}
          </button>
          {phase.state === 'refused' && (
            <Typography.Text type="danger" role="alert">
              {phase.reason}
            </Typography.Text>
          )}
          {hints.length > 0 && <span className="ok-upload__hint">{hints.join(' · ')}</span>}
        </>
      )}
      {hasFile && (
        <>
          {previewUrl && (
            <img
              className="ok-upload__preview"
              src={previewUrl}
              alt={t('widget.preview', { name: currentFile.name })}
            />
          )}
          <Typography.Text className="ok-upload__file" title={currentFile.name}>
            {currentFile.name} ({formatFileSize(currentFile.size)})
          </Typography.Text>
          <Typography.Text
            strong
            type={phase.state === 'error' ? 'danger' : phase.state === 'complete' ? 'success' : undefined}
            role="status"
          >
            {phase.state === 'processing' && t('widget.uploading')}
            {phase.state === 'complete' && t('widget.complete')}
            {phase.state === 'error' && t('widget.error')}
            {phase.state === 'aborted' && t('widget.aborted')}
          </Typography.Text>
          {phase.state === 'error' && (
            <Typography.Text type="danger" role="alert">
              {phase.message}
            </Typography.Text>
          )}
          {phase.state !== 'aborted' && (
            <Progress
              className="ok-upload__progress"
              size="small"
              percent={phase.state === 'processing' ? phase.progress : 100}
              status={
                phase.state === 'error' ? 'exception' : phase.state === 'complete' ? 'success' : 'active'
              }
            />
          )}
          {phase.state === 'processing' && <Button onClick={cancel}>{t('widget.tapToCancel')}</Button>}
          {(phase.state === 'error' || phase.state === 'aborted') && (
            <>
              <Button type="primary" onClick={retry}>
                {t('widget.tapToRetry')}
              </Button>
              <Button type="link" size="small" onClick={() => inputRef.current?.click()}>
                {t('widget.chooseAnother')}
              </Button>
            </>
          )}
          {phase.state === 'complete' && (
            <Button type="link" size="small" onClick={openPicker}>
              {t('widget.tapToReplace')}
            </Button>
          )}
        </>
      )}
    </div>
  );
};
