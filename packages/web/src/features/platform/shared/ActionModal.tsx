import type { ReactNode } from 'react';
import { Form, type FormInstance } from 'antd';
import { ModalForm } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled } from './reportError';
import { PLATFORM_NS } from './i18n';

/** Puts the server's field errors (400 `fields`) under the inputs of the same name. */
export const applyFieldErrors = <T,>(form: FormInstance<T>, error: unknown): void => {
  const { fields } = parseError(error);
  const entries = Object.entries(fields).map(([name, message]) => ({
    name: name as never,
    errors: [message],
  }));
  if (entries.length > 0) form.setFields(entries);
};

export type ActionModalProps<T> = {
  /** The form's name: prefixes its field ids, so labels stay unique beside the page's search form. */
  name: string;
  title: ReactNode;
  /** Called when the modal closes: after a successful submit, or cancelled. */
  onClose: () => void;
  /** Throws to keep the modal open; field errors and the message are shown. */
  onSubmit: (values: T) => Promise<void>;
  initialValues?: Partial<T>;
  width?: number;
  submitText?: string;
  children: ReactNode;
};

/**
 * A ModalForm that is open while mounted: the page mounts one per action and row, so each opens
 * with that row's values.
 */
export const ActionModal = <T extends Record<string, unknown>>({
  name,
  title,
  onClose,
  onSubmit,
  initialValues,
  width,
  submitText,
  children,
}: ActionModalProps<T>) => {
  const { t } = useTranslation(PLATFORM_NS);
  const [form] = Form.useForm<T>();
  return (
    <ModalForm<T>
      form={form}
      name={name}
      title={title}
      open
      width={width}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      modalProps={{ destroyOnHidden: true, mask: { closable: false } }}
      initialValues={initialValues}
      submitter={{
        searchConfig: { submitText: submitText ?? t('common.ok'), resetText: t('common.cancel') },
      }}
      onFinish={async (values) => {
        try {
          await onSubmit(values);
        } catch (error) {
          applyFieldErrors(form, error);
          reportUnlessHandled(error);
          return false;
        }
        // Closing goes through onOpenChange(false), i.e. onClose.
        return true;
      }}
    >
      {children}
    </ModalForm>
  );
};
