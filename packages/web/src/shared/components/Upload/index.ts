export { UploadWidget } from './UploadWidget';
export { AttachmentUploadModal } from './AttachmentUploadModal';
export { AttachmentPickerDrawer } from './AttachmentPickerDrawer';
export { AvatarField, ImageField } from './ImageField';
export type {
  AttachmentPickerDrawerProps,
  AttachmentUploadModalProps,
  ImageFieldProps,
  UploadWidgetProps,
} from './types';
