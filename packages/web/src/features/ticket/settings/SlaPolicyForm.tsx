import { Alert, App, Button, Form, InputNumber, Skeleton, Space, Switch, Table, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TicketPriority, TicketSlaPolicy } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { fetchSlaPolicies, saveSlaPolicies, type SlaPolicyInput } from '../shared/api';
import { formatTime, PriorityTag } from '../shared/display';
import { TICKET_NS } from '../shared/i18n';

/** Contract `ticketSlaPolicyBodySchema`: targets up to 525,600 minutes (a year), warnings up to a week. */
const MAX_TARGET_HOURS = 8_760;
const MAX_WARN_HOURS = 168;

type Duration = { hours: number | null; minutes: number | null };

export type SlaRow = {
  priority: TicketPriority;
  /** Off: no target at all (the server's 0 / 0). */
  enabled: boolean;
  firstResponse: Duration;
  resolution: Duration;
  warn: Duration;
};

type Values = { policies: SlaRow[] };

const toDuration = (total: number): Duration => ({ hours: Math.floor(total / 60), minutes: total % 60 });
const toMinutes = (duration: Duration | undefined): number =>
  (duration?.hours ?? 0) * 60 + (duration?.minutes ?? 0);

export const toSlaRows = (policies: TicketSlaPolicy[]): SlaRow[] =>
  policies.map((policy) => ({
    priority: policy.priority,
    enabled: policy.firstResponseMinutes > 0 || policy.resolutionMinutes > 0,
    firstResponse: toDuration(policy.firstResponseMinutes),
    resolution: toDuration(policy.resolutionMinutes),
    warn: toDuration(policy.warnMinutes),
  }));

export const toSlaInput = (rows: SlaRow[]): SlaPolicyInput[] =>
  rows.map((row) => ({
    priority: row.priority,
    firstResponseMinutes: row.enabled ? toMinutes(row.firstResponse) : 0,
    resolutionMinutes: row.enabled ? toMinutes(row.resolution) : 0,
    warnMinutes: toMinutes(row.warn),
  }));

export const slaPoliciesKey = ['ticket', 'sla'] as const;

/** Hours and minutes as one form control (the form item checks the total). */
const DurationInput = ({
  value,
  onChange,
  maxHours,
  isDisabled,
  hoursLabel,
  minutesLabel,
}: {
  value?: Duration;
  onChange?: (value: Duration) => void;
  maxHours: number;
  isDisabled: boolean;
  hoursLabel: string;
  minutesLabel: string;
}) => {
  const { t } = useTranslation(TICKET_NS);
  const current = value ?? { hours: 0, minutes: 0 };
  return (
    <Space.Compact>
      <InputNumber
        min={0}
        max={maxHours}
        precision={0}
        disabled={isDisabled}
        value={current.hours}
        onChange={(hours) => onChange?.({ ...current, hours })}
        suffix={t('settings.sla.hours')}
        aria-label={hoursLabel}
        style={{ width: 110 }}
      />
      <InputNumber
        min={0}
        max={59}
        precision={0}
        disabled={isDisabled}
        value={current.minutes}
        onChange={(minutes) => onChange?.({ ...current, minutes })}
        suffix={t('settings.sla.minutes')}
        aria-label={minutesLabel}
        style={{ width: 100 }}
      />
    </Space.Compact>
  );
};

/**
 * SLA policies per priority: first-response and resolution targets in business hours and minutes
 * (0 = no target), a warning window, on/off. Most urgent first, as helpdesks list them.
 */
export const SlaPolicyForm = () => {
  const { t } = useTranslation(TICKET_NS);
  const { message: toast, modal } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const policies = useQuery({ queryKey: slaPoliciesKey, queryFn: fetchSlaPolicies, retry: false });
  // Most urgent first. The form starts from the first answer (a save answers the same values).
  const initialRows = policies.data ? toSlaRows([...policies.data].reverse()) : [];
  const rows = (Form.useWatch('policies', { form, preserve: true }) as SlaRow[] | undefined) ?? initialRows;

  const save = useMutation({
    mutationFn: (values: Values) => saveSlaPolicies(toSlaInput(values.policies)),
    onSuccess: (saved) => {
      queryClient.setQueryData(slaPoliciesKey, saved);
      void toast.success(t('settings.sla.saved'));
    },
    onError: reportUnlessHandled,
  });

  const submit = async () => {
    if ((await form.validateFields().catch(() => null)) === null) return;
    // Every stored value, the priority too (it has no field of its own).
    const values = form.getFieldsValue(true) as Values;
    modal.confirm({
      title: t('settings.sla.saveConfirm'),
      content: t('settings.sla.saveConfirmContent'),
      okText: t('actions.save'),
      cancelText: t('actions.cancel'),
      onOk: () => save.mutateAsync(values).catch(() => undefined),
    });
  };

  if (policies.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (policies.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('settings.sla.loadFailed')}
        description={parseError(policies.error).message}
        action={
          <Button size="small" onClick={() => void policies.refetch()}>
            {t('actions.retry')}
          </Button>
        }
      />
    );

  const savedAt = policies.data
    .map((policy) => policy.updatedAt)
    .filter((value): value is number => value !== null);
  const priorityLabel = (index: number) => t(`priority.${initialRows[index]?.priority ?? 'medium'}`);

  const cell = (index: number, target: 'firstResponse' | 'resolution' | 'warn', label: string) => {
    const maxHours = target === 'warn' ? MAX_WARN_HOURS : MAX_TARGET_HOURS;
    return (
      <Form.Item
        name={['policies', index, target]}
        style={{ marginBottom: 0 }}
        rules={[
          {
            validator: async () => {
              const row = form.getFieldValue(['policies', index]) as SlaRow | undefined;
              if (!row) return;
              if (toMinutes(row[target]) > maxHours * 60)
                throw new Error(t('settings.sla.tooLong', { hours: maxHours.toLocaleString() }));
              if (target === 'warn' || !row.enabled) return;
              const first = toMinutes(row.firstResponse);
              const resolution = toMinutes(row.resolution);
              if (target === 'firstResponse' && first === 0 && resolution === 0)
                throw new Error(t('settings.sla.targetRequired'));
              if (target === 'resolution' && first > 0 && resolution > 0 && resolution < first)
                throw new Error(t('settings.sla.resolutionBeforeResponse'));
            },
          },
        ]}
      >
        <DurationInput
          maxHours={maxHours}
          isDisabled={target !== 'warn' && rows[index]?.enabled === false}
          hoursLabel={t('settings.sla.hoursOf', { target: label, priority: priorityLabel(index) })}
          minutesLabel={t('settings.sla.minutesOf', { target: label, priority: priorityLabel(index) })}
        />
      </Form.Item>
    );
  };

  // Both targets depend on each other and on the switch: check the row again on any change.
  const revalidateRow = (index: number) =>
    void form
      .validateFields([
        ['policies', index, 'firstResponse'],
        ['policies', index, 'resolution'],
      ])
      .catch(() => undefined);

  return (
    <Form<Values>
      form={form}
      name="ticket-sla"
      initialValues={{ policies: initialRows }}
      onValuesChange={(changed: Partial<Values>) => {
        const index = (changed.policies ?? []).findIndex((entry) => entry !== undefined);
        if (index >= 0) revalidateRow(index);
      }}
    >
      <Alert type="info" showIcon title={t('settings.sla.intro')} style={{ marginBottom: 16 }} />
      <Table<{ index: number }>
        rowKey="index"
        size="small"
        pagination={false}
        scroll={{ x: 860 }}
        dataSource={initialRows.map((_, index) => ({ index }))}
        columns={[
          {
            title: t('settings.sla.priority'),
            key: 'priority',
            width: 110,
            render: (_, { index }) =>
              initialRows[index] && <PriorityTag priority={initialRows[index].priority} />,
          },
          {
            title: t('settings.sla.enabled'),
            key: 'enabled',
            width: 70,
            render: (_, { index }) => (
              <Form.Item name={['policies', index, 'enabled']} valuePropName="checked" noStyle>
                <Switch
                  size="small"
                  aria-label={t('settings.sla.enabledOf', { priority: priorityLabel(index) })}
                />
              </Form.Item>
            ),
          },
          {
            title: t('settings.sla.firstResponse'),
            key: 'firstResponse',
            render: (_, { index }) => cell(index, 'firstResponse', t('settings.sla.firstResponse')),
          },
          {
            title: t('settings.sla.resolution'),
            key: 'resolution',
            render: (_, { index }) => cell(index, 'resolution', t('settings.sla.resolution')),
          },
          {
            title: t('settings.sla.warn'),
            key: 'warn',
            render: (_, { index }) => cell(index, 'warn', t('settings.sla.warn')),
          },
        ]}
      />
      <Space style={{ marginTop: 16 }} wrap>
        <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
          {t('settings.sla.save')}
        </Button>
        <Typography.Text type="secondary">
          {savedAt.length > 0
            ? t('settings.sla.lastSaved', { time: formatTime(Math.max(...savedAt)) })
            : t('settings.sla.defaults')}
        </Typography.Text>
      </Space>
    </Form>
  );
};
