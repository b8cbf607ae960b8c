import { useRef, useState } from 'preact/hooks';
import type { Api } from '../api.js';
import type { Translate } from '../i18n.js';
import { ImageIcon, PaperclipIcon } from '../icons.js';
import { imageTypes, supportLimits } from '../support.js';

type Upload = { key: number; name: string; percent: number; aid?: string; error?: string };

/**
 * Up to four attachments, each uploaded at once through `/visitor/api/upload` with its progress;
 * a refused type or size shows under the file and never reaches the form's request.
 */
export const useUploads = (api: Api, onlyImages: boolean) => {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const counter = useRef(0);
  const patch = (key: number, change: Partial<Upload>) =>
    setUploads((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const add = (files: File[], t: Translate) => {
    const room = supportLimits.attachments - uploads.filter((item) => !item.error).length;
    for (const [index, file] of files.entries()) {
      counter.current += 1;
      const key = counter.current;
      const isImage = (imageTypes as readonly string[]).includes(file.type);
      const item: Upload = { key, name: file.name, percent: 0 };
      if (index >= room) item.error = t('attachTooMany', { limit: supportLimits.attachments });
      else if (onlyImages && !isImage) item.error = t('attachNotImage');
      setUploads((current) => [...current, item]);
      if (item.error) continue;
      api
        .upload(file, isImage ? 'image' : 'file', (percent) => patch(key, { percent }))
        .then(
          (attachment) => patch(key, { aid: attachment.aid, percent: 100 }),
          (error: unknown) => patch(key, { error: error instanceof Error ? error.message : String(error) }),
        );
    }
  };

  return {
    uploads,
    add,
    remove: (key: number) => setUploads((current) => current.filter((item) => item.key !== key)),
    clear: () => setUploads([]),
    aids: uploads.flatMap((item) => (item.aid ? [item.aid] : [])),
    isBusy: uploads.some((item) => !item.aid && !item.error),
  };
};

export type UploadsController = ReturnType<typeof useUploads>;

export const UploadField = ({
  t,
  uploads,
  onlyImages,
  testId,
}: {
  t: Translate;
  uploads: UploadsController;
  onlyImages: boolean;
  testId: string;
}) => {
  const inputRef = useRef<HTMLInputElement>(null);
  const isFull = uploads.uploads.filter((item) => !item.error).length >= supportLimits.attachments;
  return (
    <div class="okw-field">
      <span>{t(onlyImages ? 'attachImages' : 'attachFiles', { limit: supportLimits.attachments })}</span>
      <input
        ref={inputRef}
        type="file"
        class="okw-sr"
        multiple
        accept={onlyImages ? imageTypes.join(',') : undefined}
        data-testid={`${testId}-input`}
        onChange={(event) => {
          uploads.add(Array.from(event.currentTarget.files ?? []), t);
          event.currentTarget.value = '';
        }}
      />
      <button
        type="button"
        class="okw-link okw-attach"
        disabled={isFull}
        onClick={() => inputRef.current?.click()}
      >
        {onlyImages ? <ImageIcon /> : <PaperclipIcon />} {t('attachAdd')}
      </button>
      <ul class="okw-uploads" data-testid={testId}>
        {uploads.uploads.map((item) => (
          <li
            key={item.key}
            class="okw-upload"
            data-state={item.error ? 'error' : item.aid ? 'done' : 'busy'}
          >
            <span class="okw-file-name">{item.name}</span>
            {item.error ? (
              <span class="okw-error" role="alert">
                {t('uploadFailed', { reason: item.error })}
              </span>
            ) : (
              !item.aid && (
                <progress
                  max={100}
                  value={item.percent}
                  aria-label={t('uploading', { percent: item.percent })}
                />
              )
            )}
            <button
              type="button"
              class="okw-link"
              aria-label={t('attachRemove', { name: item.name })}
              onClick={() => uploads.remove(item.key)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
};
