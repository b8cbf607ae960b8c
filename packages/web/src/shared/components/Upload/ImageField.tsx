import { useState } from 'react';
import { Avatar, Button, Image, Space, Typography } from 'antd';
import { PictureOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { AttachmentPickerDrawer } from './AttachmentPickerDrawer';
import { AttachmentUploadModal } from './AttachmentUploadModal';
import { UPLOAD_NS } from './i18n';
import type { ImageFieldProps } from './types';

/**
 * An antd Form control for an image URL (avatars, logos): the current image, "Upload" (the
 * upload modal) and "Choose from attachments" (the picker, images only).
 */
export const ImageField = ({ value, onChange, kind = 'image', disabled = false, id }: ImageFieldProps) => {
  const { t } = useTranslation(UPLOAD_NS);
  const [isUploadOpen, setIsUploadOpen] = useState(false);
  const [isPickerOpen, setIsPickerOpen] = useState(false);
  const hasValue = typeof value === 'string' && value !== '';

  const select = (url: string) => {
    onChange?.(url);
  };

  return (
    <div className="ok-image-field" id={id}>
      {kind === 'avatar' ? (
        <Avatar
          size={64}
          src={hasValue ? value : undefined}
          icon={<UserOutlined />}
          alt={t('field.avatarAlt')}
        />
      ) : hasValue ? (
        <Image width={96} src={value} alt={t('field.imageAlt')} />
      ) : (
        <Typography.Text type="secondary">
          <PictureOutlined /> {t('field.none')}
        </Typography.Text>
      )}
      <Space wrap>
        <Button icon={<UploadOutlined />} disabled={disabled} onClick={() => setIsUploadOpen(true)}>
          {t('field.upload')}
        </Button>
        <Button disabled={disabled} onClick={() => setIsPickerOpen(true)}>
          {t('field.choose')}
        </Button>
        {hasValue && (
          <Button type="link" danger disabled={disabled} onClick={() => select('')}>
            {t('field.clear')}
          </Button>
        )}
      </Space>
      <AttachmentUploadModal
        open={isUploadOpen}
        onClose={() => setIsUploadOpen(false)}
        kind={kind}
        onUploaded={(attachment) => {
          select(attachment.path);
          setIsUploadOpen(false);
        }}
      />
      <AttachmentPickerDrawer
        open={isPickerOpen}
        onClose={() => setIsPickerOpen(false)}
        mediaType="image"
        onPick={(attachment) => {
          select(attachment.path);
          setIsPickerOpen(false);
        }}
      />
    </div>
  );
};

/** `ImageField` for avatars: round preview, uploads to `/api/upload/avatar`. */
export const AvatarField = ({ kind = 'avatar', ...props }: ImageFieldProps) => (
  <ImageField {...props} kind={kind} />
);
