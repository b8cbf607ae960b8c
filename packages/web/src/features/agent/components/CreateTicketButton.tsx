import { useState } from 'react';
import { Alert, Button, Form, Input, Modal, Select } from 'antd';
import { FileAddOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  ticketPriorityValues,
  type Envelope,
  type Thread,
  type Ticket,
  type TicketLink,
  type TicketPriority,
} from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import { parseError } from '../../../shared/api/parseError';
import { useCan } from '../../../shared/components/Authorized';
import { notify } from '../../../shared/feedback/notify';
import { WORKBENCH_NS } from '../i18n';

type Fields = { title: string; priority: TicketPriority; description?: string };

const createTicketFromThread = async (body: Fields & { tid: string }): Promise<Ticket> =>
  (await http.post<Envelope<Ticket>>('/api/ticket/create/thread', body)).data;

/**
 * "Create ticket" on a conversation: the server attaches the transcript as the ticket's first
 * internal note and links the two both ways. Shown to roles that may add tickets; once linked
 * (now, or before a reload: the thread carries `ticket`), a link to the ticket instead.
 */
export const CreateTicketButton = ({ thread }: { thread: Thread }) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const canAdd = useCan()('ticket.list.add');
  const [isOpen, setOpen] = useState(false);
  const [created, setCreated] = useState<TicketLink | null>(null);
  const [form] = Form.useForm<Fields>();
  const create = useMutation({
    mutationFn: (fields: Fields) => createTicketFromThread({ ...fields, tid: thread.tid }),
    onSuccess: (ticket) => {
      setCreated({ tkid: ticket.tkid, ticketNumber: ticket.ticketNumber });
      setOpen(false);
      notify.success({ title: t('ticket.created', { number: ticket.ticketNumber }) });
    },
  });
  const linked = created ?? thread.ticket ?? null;
  if (linked)
    return (
      <Link
        to={`/stable/ticket/list?tkid=${encodeURIComponent(linked.tkid)}`}
        data-testid="thread-ticket-link"
      >
        {t('ticket.open', { number: linked.ticketNumber })}
      </Link>
    );
  if (!canAdd) return null;
  const visitorName = thread.visitor.nickname || thread.visitor.vid;
  return (
    <>
      <Button
        icon={<FileAddOutlined />}
        onClick={() => {
          form.setFieldsValue({
            title: t('ticket.defaultTitle', { name: visitorName }),
            priority: 'medium',
          });
          create.reset();
          setOpen(true);
        }}
        data-testid="thread-create-ticket"
      >
        {t('ticket.create')}
      </Button>
      <Modal
        open={isOpen}
        title={t('ticket.title')}
        okText={t('ticket.submit')}
        confirmLoading={create.isPending}
        onOk={() =>
          // A refused field shows its message under the input; nothing else to do then.
          void form.validateFields().then(
            (fields) => create.mutate(fields),
            () => undefined,
          )
        }
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form<Fields> form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="title"
            label={t('ticket.fields.title')}
            rules={[{ required: true, whitespace: true, message: t('ticket.titleRequired') }, { max: 200 }]}
          >
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="priority" label={t('ticket.fields.priority')}>
            <Select
              options={ticketPriorityValues.map((value) => ({ value, label: t(`ticket.priority.${value}`) }))}
            />
          </Form.Item>
          <Form.Item
            name="description"
            label={t('ticket.fields.description')}
            extra={t('ticket.transcriptNote')}
          >
            <Input.TextArea rows={3} maxLength={2000} />
          </Form.Item>
          {create.isError && <Alert type="error" showIcon title={parseError(create.error).message} />}
        </Form>
      </Modal>
    </>
  );
};
