import { AutoComplete, Badge, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isOnlineStatus, type Profile, type Thread, type WorkgroupBrief } from '@openkefu/contract';
import { isHttpError } from '../../../shared/api/http';
import { notify } from '../../../shared/feedback/notify';
import {
  closeThread,
  fetchOnlineColleagues,
  fetchTransferGroups,
  fetchTransferTargets,
  inviteColleague,
  isAtLimit,
  transferThread,
} from '../api';
import { WORKBENCH_NS } from '../i18n';
import { workbenchKeys } from '../keys';
import { storeThread, useMe } from '../hooks/useWorkbenchData';
import { badgeOfStatus } from './StatusSwitcher';

/** Errors the HTTP client has not already shown (it reports 401/403 itself). */
const reportError = (error: unknown) => {
  if (isHttpError(error) && (error.status === 401 || error.status === 403)) return;
  notify.error({ title: error instanceof Error ? error.message : String(error) });
};

const useColleagues = (me: string, isOpen: boolean) =>
  useQuery({
    queryKey: workbenchKeys.colleagues,
    queryFn: () => fetchOnlineColleagues(me),
    enabled: isOpen,
    staleTime: 10_000,
  });

const useColleagueOptions = (me: string, isOpen: boolean) => {
  const colleagues = useColleagues(me, isOpen);
  const options = (colleagues.data ?? []).map((person) => ({
    value: person.uid,
    label: <Badge status={badgeOfStatus(person.status)} text={person.realName || person.nickname} />,
    search: `${person.nickname} ${person.realName} ${person.username}`.toLowerCase(),
  }));
  return { options, isLoading: colleagues.isPending && isOpen };
};

type ModalProps = { thread: Thread; me: Profile; isOpen: boolean; onClose: () => void };

/**
 * Online colleagues to transfer to, each with their load and limit ("3 / 5"); one at the limit is
 * shown but cannot be picked (the server would refuse their accept).
 */
const useTransferTargetOptions = (tid: string, isOpen: boolean) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const targets = useQuery({
    queryKey: workbenchKeys.transferTargets(tid),
    queryFn: () => fetchTransferTargets(tid),
    enabled: isOpen,
    // Loads change with every conversation: ask again each time the dialog opens.
    staleTime: 0,
  });
  const options = (targets.data ?? [])
    .filter((target) => isOnlineStatus(target.status))
    .map((target) => {
      const isFull = isAtLimit(target);
      const load =
        target.maxThreadCount > 0
          ? t('transfer.load', { load: target.load, max: target.maxThreadCount })
          : t('transfer.loadNoLimit', { load: target.load });
      return {
        value: target.uid,
        disabled: isFull,
        label: (
          <span className="ok-wb-target" data-testid="transfer-target">
            <Badge status={badgeOfStatus(target.status)} text={target.nickname} />
            <Typography.Text
              type={isFull ? 'danger' : 'secondary'}
              className="ok-wb-target__load"
              title={t('transfer.loadTitle')}
            >
              {load}
              {isFull && ` · ${t('transfer.atLimit')}`}
            </Typography.Text>
          </span>
        ),
        search: target.nickname.toLowerCase(),
      };
    });
  return { options, isLoading: targets.isPending && isOpen };
};

type TransferValues = { target: 'agent' | 'group'; uid?: string; wid?: string; note?: string };

/** Transfer to an online colleague or a skill group; the target answers the offer. */
export const TransferModal = ({ thread, isOpen, onClose }: Omit<ModalProps, 'me'>) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const [form] = Form.useForm<TransferValues>();
  const target = Form.useWatch('target', form) ?? 'agent';
  const { data: user } = useMe();
  const colleagues = useTransferTargetOptions(thread.tid, isOpen);
  const groups = useQuery({
    queryKey: workbenchKeys.groups,
    queryFn: () => fetchTransferGroups(user?.workGroups ?? []),
    enabled: isOpen && target === 'group',
    staleTime: 60_000,
  });
  const transfer = useMutation({
    mutationFn: (values: TransferValues) =>
      transferThread({
        tid: thread.tid,
        ...(values.target === 'agent' ? { uid: values.uid } : { wid: values.wid }),
        note: values.note?.trim() ?? '',
      }),
    onSuccess: () => {
      notify.success({ title: t('thread.transferRequested') });
      form.resetFields();
      onClose();
    },
    onError: reportError,
  });
  // The thread's own group stays on offer: handing it back to the group lets a colleague there take it.
  const groupOptions = (groups.data ?? []).map((group: WorkgroupBrief) => ({
    value: group.wid,
    label: group.nickname,
  }));

  return (
    <Modal
      open={isOpen}
      title={t('transfer.title')}
      okText={t('transfer.submit')}
      cancelText={t('transfer.cancel')}
      okButtonProps={{ loading: transfer.isPending, htmlType: 'submit', form: 'ok-wb-transfer' }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<TransferValues>
        id="ok-wb-transfer"
        form={form}
        layout="vertical"
        initialValues={{ target: 'agent' }}
        onFinish={(values) => transfer.mutate(values)}
      >
        <Form.Item name="target" label={t('transfer.target')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'agent', label: t('transfer.toAgent') },
              { value: 'group', label: t('transfer.toGroup') },
            ]}
          />
        </Form.Item>
        {target === 'agent' ? (
          <Form.Item
            name="uid"
            label={t('transfer.agent')}
            rules={[{ required: true, message: t('transfer.agentRequired') }]}
          >
            <Select
              showSearch={{
                filterOption: (input, option) => (option?.search ?? '').includes(input.toLowerCase()),
              }}
              placeholder={t('transfer.agentPlaceholder')}
              loading={colleagues.isLoading}
              options={colleagues.options}
              notFoundContent={t('transfer.noAgents')}
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="wid"
            label={t('transfer.group')}
            rules={[{ required: true, message: t('transfer.groupRequired') }]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('transfer.groupPlaceholder')}
              loading={groups.isPending && target === 'group'}
              options={groupOptions}
              notFoundContent={t('transfer.noGroups')}
            />
          </Form.Item>
        )}
        <Form.Item name="note" label={t('transfer.note')} rules={[{ max: 500 }]}>
          <Input.TextArea rows={3} maxLength={500} showCount placeholder={t('transfer.notePlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
};

/** Invite a colleague into the conversation (both stay in it). */
export const InviteModal = ({ thread, me, isOpen, onClose }: ModalProps) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const [form] = Form.useForm<{ uid: string }>();
  const colleagues = useColleagueOptions(me.uid, isOpen);
  const invite = useMutation({
    mutationFn: ({ uid }: { uid: string }) => inviteColleague(thread.tid, uid),
    onSuccess: () => {
      notify.success({ title: t('thread.inviteSent') });
      form.resetFields();
      onClose();
    },
    onError: reportError,
  });
  return (
    <Modal
      open={isOpen}
      title={t('invite.title')}
      okText={t('invite.submit')}
      cancelText={t('invite.cancel')}
      okButtonProps={{ loading: invite.isPending, htmlType: 'submit', form: 'ok-wb-invite' }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form id="ok-wb-invite" form={form} layout="vertical" onFinish={(values) => invite.mutate(values)}>
        <Form.Item
          name="uid"
          label={t('invite.agent')}
          rules={[{ required: true, message: t('invite.agentRequired') }]}
        >
          <Select
            showSearch={{
              filterOption: (input, option) => (option?.search ?? '').includes(input.toLowerCase()),
            }}
            placeholder={t('invite.agentPlaceholder')}
            loading={colleagues.isLoading}
            options={colleagues.options}
            notFoundContent={t('transfer.noAgents')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
};

const CATEGORY_KEYS = ['consult', 'presales', 'aftersales', 'complaint', 'other'] as const;

type CloseValues = { category?: string; summary?: string };

/** Close with an optional summary and category (kept as the conversation's summary). */
export const CloseModal = ({ thread, me, isOpen, onClose }: ModalProps) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<CloseValues>();
  const close = useMutation({
    mutationFn: (values: CloseValues) => {
      const summary = values.summary?.trim() ?? '';
      const category = values.category?.trim() ?? '';
      return closeThread({
        tid: thread.tid,
        ...(summary ? { summary } : {}),
        ...(category ? { category } : {}),
      });
    },
    onSuccess: (closed) => {
      storeThread(queryClient, closed, me.uid);
      notify.success({ title: t('thread.closed') });
      form.resetFields();
      onClose();
    },
    onError: reportError,
  });
  const categories = CATEGORY_KEYS.map((key) => t(`close.categories.${key}`));
  return (
    <Modal
      open={isOpen}
      title={t('close.title')}
      okText={t('close.submit')}
      cancelText={t('close.cancel')}
      okButtonProps={{ danger: true, loading: close.isPending, htmlType: 'submit', form: 'ok-wb-close' }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        {t('close.confirm', { name: thread.visitor.nickname || thread.visitor.vid })}
      </Typography.Paragraph>
      <Form<CloseValues>
        id="ok-wb-close"
        form={form}
        layout="vertical"
        onFinish={(values) => close.mutate(values)}
      >
        <Form.Item name="category" label={t('close.category')} rules={[{ max: 64 }]}>
          <AutoComplete
            options={categories.map((label) => ({ value: label }))}
            showSearch={{
              filterOption: (input, option) =>
                String(option?.value ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase()),
            }}
            placeholder={t('close.categoryPlaceholder')}
            maxLength={64}
          />
        </Form.Item>
        <Form.Item name="summary" label={t('close.summary')} rules={[{ max: 2000 }]}>
          <Input.TextArea rows={4} maxLength={2000} showCount placeholder={t('close.summaryPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
};
