import type { Attachment, UploadKind, UploadState } from '@openkefu/contract';

export type { Attachment, UploadKind, UploadState };

export type UploadWidgetProps = {
  /** Which upload endpoint to post to: `POST /api/upload/{kind}`. */
  kind?: UploadKind;
  /** Accepted extensions (`.png`, `png`) or MIME types (`image/png`, `image/*`); empty accepts all. */
  accept?: string[];
  /** Refuse larger files before uploading. */
  maxSizeMb?: number;
  /** Called with the saved attachment and the raw response text (spec §8). */
  onSuccess?: (attachment: Attachment, responseText: string) => void;
  onError?: (error: Error) => void;
};

export type AttachmentUploadModalProps = {
  open: boolean;
  onClose: () => void;
  kind?: UploadKind;
  accept?: string[];
  maxSizeMb?: number;
  onUploaded: (attachment: Attachment) => void;
};

export type AttachmentPickerDrawerProps = {
  open: boolean;
  onClose: () => void;
  mediaType?: 'image' | 'file';
  onPick: (attachment: Attachment) => void;
};

/** antd Form control: `value` is the image URL. */
export type ImageFieldProps = {
  value?: string;
  onChange?: (url: string) => void;
  kind?: 'avatar' | 'image';
  disabled?: boolean;
  /** Set by antd's Form.Item so its label points at the control. */
  id?: string;
};
