import type { ReactNode, RefObject } from 'react';
import type { FormStatus } from '../hooks/useFormStatus';
import { FormAlert, SubmitButton } from './Form';
import { ServerErrorAlert } from './ServerErrorAlert';

export type UserFormProps = {
  formRef: RefObject<HTMLFormElement | null>;
  /** The form's accessible name (the page title). */
  label: string;
  status: Pick<FormStatus, 'isPending' | 'serverError' | 'notice'>;
  /** Called on submit unless a submit is already pending. */
  onSubmit: () => void | Promise<void>;
  submitLabel: string;
  pendingLabel: string;
  children: ReactNode;
};

/** A public form: the server's error and any notice above the fields, the submit button below. */
export const UserForm = ({
  formRef,
  label,
  status,
  onSubmit,
  submitLabel,
  pendingLabel,
  children,
}: UserFormProps) => (
  <form
    ref={formRef}
    noValidate
    onSubmit={(event) => {
      event.preventDefault();
      if (!status.isPending) void onSubmit();
    }}
    aria-label={label}
  >
    <ServerErrorAlert error={status.serverError} />
    {status.notice && <FormAlert kind="info">{status.notice}</FormAlert>}
    {children}
    <SubmitButton isPending={status.isPending} label={submitLabel} pendingLabel={pendingLabel} />
  </form>
);
