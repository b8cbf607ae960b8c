import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { UPLOAD_NS } from './i18n';
import { UploadWidget } from './UploadWidget';
import type { AttachmentUploadModalProps } from './types';

/** Spec §2: the attachment upload modal "上传附件", wrapping the upload widget. */
export const AttachmentUploadModal = ({
  open,
  onClose,
  kind = 'attachment',
  accept,
  maxSizeMb,
  onUploaded,
}: AttachmentUploadModalProps) => {
  const { t } = useTranslation(UPLOAD_NS);
  return (
    <Modal
      title={t('modal.title')}
      open={open}
      onCancel={onClose}
      footer={null}
      // A fresh widget each time: the last upload's state is not the next one's.
      destroyOnHidden
    >
      <UploadWidget
        kind={kind}
        accept={accept}
        maxSizeMb={maxSizeMb}
        onSuccess={(attachment) => onUploaded(attachment)}
      />
    </Modal>
  );
};
