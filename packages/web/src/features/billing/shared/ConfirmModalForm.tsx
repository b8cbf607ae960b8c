import type { ReactNode } from 'react';
import { App, Form, type FormInstance } from 'antd';
import { ModalForm } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { BILLING_NS } from '../i18n';

/** Puts the server's field errors (400 `fields`) under the inputs of the same name. */
export const applyFieldErrors = <T,>(form: FormInstance<T>, error: unknown): void => {
  const entries = Object.entries(parseError(error).fields).map(([name, message]) => ({
    name: name as never,
    errors: [message],
  }));
  if (entries.length > 0) form.setFields(entries);
};

export type ConfirmModalFormProps<T> = {
  /** The form's name: prefixes its field ids, so labels stay unique beside the page's search form. */
  name: string;
  title: ReactNode;
  onClose: () => void;
  /** Throws to keep the modal open; field errors land under their inputs, anything else is reported. */
  onSubmit: (values: T) => Promise<void>;
  /**
   * Destructive or money-moving actions: the question asked once the form is valid (null: no
   * question). Cancelling it keeps the form open as it was.
   */
  confirm?: (
    values: T,
  ) => { title: ReactNode; content?: ReactNode; okText?: string; isDanger?: boolean } | null;
  initialValues?: Partial<T>;
  width?: number;
  submitText?: string;
  children: ReactNode;
};

/**
 * A ModalForm that is open while mounted (the page mounts one per action and row), validates with
 * the fields' own messages, asks for confirmation when the action calls for it, and shows the
 * server's refusal as a notice and under the field it names.
 */
export const ConfirmModalForm = <T extends Record<string, unknown>>({
  name,
  title,
  onClose,
  onSubmit,
  confirm,
  initialValues,
  width,
  submitText,
  children,
}: ConfirmModalFormProps<T>) => {
  const { t } = useTranslation(BILLING_NS);
  const { modal } = App.useApp();
  const [form] = Form.useForm<T>();

  const ask = (values: T) =>
    new Promise<boolean>((resolve) => {
      const question = confirm?.(values);
      if (!question) {
        resolve(true);
        return;
      }
      modal.confirm({
        title: question.title,
        content: question.content,
        okText: question.okText ?? t('common.ok'),
        cancelText: t('common.cancel'),
        okButtonProps: question.isDanger ? { danger: true } : undefined,
        onOk: () => resolve(true),
        onCancel: () => resolve(false),
      });
    });

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
        if (!(await ask(values))) return false;
        try {
          await onSubmit(values);
        } catch (error) {
          // The fields' own texts come from the schema; the notice is in the user's language.
          applyFieldErrors(form, error);
          reportUnlessHandled(error);
          return false;
        }
        return true;
      }}
    >
      {children}
    </ModalForm>
  );
};
