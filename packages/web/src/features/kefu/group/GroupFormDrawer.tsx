import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Col, Divider, Form, Row, Select, Tabs, type SelectProps } from 'antd';
import {
  DrawerForm,
  ProForm,
  ProFormDigit,
  ProFormRadio,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import type { Rule } from 'antd/es/form';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  leaveMessageTypeSchema,
  routeTypeValues,
  type UserBrief,
  type Workgroup,
  type WorkgroupCreateBody,
} from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { AvatarField } from '../../../shared/components/Upload';
import { fetchPublishedForms } from '../form/api';
import { fetchAgents, fetchAllGroups, fetchRobots } from './api';
import {
  GROUP_LIMITS,
  emptyGroupForm,
  formFieldOf,
  isHttpUrl,
  sectionOfField,
  toGroupBody,
  toGroupFormValues,
  type GroupFormSection,
  type GroupFormValues,
} from './groupForm';
import { PlatformTipsButton } from './PlatformTipsButton';
import { reportUnlessHandled } from './report';
import { renderUserOption, toUserOptions, type UserSelectOption } from './UserOption';
import { WorkTimeEditor, useWorkTimeIssueMessage } from './WorkTimeEditor';
import { validateWorkTimes, type WorkTimeDraft } from './workTimes';

export const GROUP_OPTIONS_QUERY_KEYS = {
  agents: ['kefuGroup', 'agents'],
  robots: ['kefuGroup', 'robots'],
  groups: ['kefuGroup', 'all'],
} as const;

export type GroupFormDrawerProps = {
  open: boolean;
  /** The group being edited; null to create one. */
  editing: Workgroup | null;
  onOpenChange: (open: boolean) => void;
  /** Saves the body (create, or update of `editing`); rejects with the server's error. */
  onSubmit: (body: WorkgroupCreateBody) => Promise<void>;
};

const SECTIONS: GroupFormSection[] = ['basics', 'routing', 'tips', 'workTime', 'display', 'advanced'];

/** Adds people the lists do not (yet) hold, e.g. a member while the agents are still loading. */
const withKnown = (
  list: readonly UserBrief[] | undefined,
  known: readonly (UserBrief | null)[],
): UserBrief[] => {
  const result = [...(list ?? [])];
  for (const user of known) if (user && !result.some((item) => item.uid === user.uid)) result.push(user);
  return result;
};

/**
 * The admin picker offers the chosen members only. It watches the members itself, so that
 * changing them re-renders this select rather than the whole drawer.
 */
const AdminSelect = ({
  options,
  ...props
}: Omit<SelectProps<string, UserSelectOption>, 'options'> & { options: UserSelectOption[] }) => {
  const form = Form.useFormInstance<GroupFormValues>();
  const members = Form.useWatch('users', form) ?? [];
  return (
    <Select<string, UserSelectOption>
      {...props}
      allowClear
      options={options.filter((option) => members.includes(option.value))}
      optionRender={renderUserOption}
      showSearch={{ optionFilterProp: 'search' }}
    />
  );
};

/** Create / edit a skill group: a wide drawer with one tab per section of settings. */
export const GroupFormDrawer = ({ open, editing, onOpenChange, onSubmit }: GroupFormDrawerProps) => {
  const { t } = useTranslation('kefuGroup');
  const [form] = Form.useForm<GroupFormValues>();
  const [section, setSection] = useState<GroupFormSection>('basics');
  const issueMessage = useWorkTimeIssueMessage();

  const agents = useQuery({ queryKey: GROUP_OPTIONS_QUERY_KEYS.agents, queryFn: fetchAgents, enabled: open });
  const robots = useQuery({ queryKey: GROUP_OPTIONS_QUERY_KEYS.robots, queryFn: fetchRobots, enabled: open });
  // Issue 16: the published builder forms a group may ask before or send after a chat.
  const forms = useQuery({
    queryKey: ['kefu-form', 'published'],
    queryFn: fetchPublishedForms,
    enabled: open,
  });
  const groups = useQuery({
    queryKey: GROUP_OPTIONS_QUERY_KEYS.groups,
    queryFn: fetchAllGroups,
    enabled: open,
  });

  const initialValues = useMemo(() => (editing ? toGroupFormValues(editing) : emptyGroupForm()), [editing]);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(initialValues);
    setSection('basics');
  }, [open, initialValues, form]);

  const agentList = withKnown(
    agents.data?.filter((user) => !user.robot),
    [...(editing?.users ?? []), editing?.admin ?? null],
  );
  const memberOptions = toUserOptions(agentList);
  const robotOptions = toUserOptions(robots.data?.filter((user) => user.robot) ?? []);
  const onDutyOptions = (groups.data ?? [])
    .filter((group) => group.wid !== editing?.wid)
    .map((group) => ({ value: group.wid, label: group.nickname }));

  const maxText = (max: number): Rule => ({ max, message: t('validation.tooLong', { max }) });
  const wholeNumber = ({ min, max }: { min: number; max: number }): Rule[] => [
    { required: true, message: t('validation.wholeNumber', { min, max }) },
    { type: 'integer', min, max, message: t('validation.wholeNumber', { min, max }) },
  ];
  const urlRule: Rule = {
    validator: async (_, value: string | undefined) => {
      const text = value?.trim() ?? '';
      if (text !== '' && !isHttpUrl(text)) throw new Error(t('validation.url'));
    },
  };
  const tip = (name: keyof GroupFormValues, placeholder?: string) => (
    <Col span={12}>
      <ProFormTextArea
        name={name}
        label={t(`fields.${name}`)}
        fieldProps={{ autoSize: { minRows: 2, maxRows: 5 }, maxLength: GROUP_LIMITS.tip, showCount: true }}
        placeholder={placeholder}
        rules={[maxText(GROUP_LIMITS.tip)]}
      />
    </Col>
  );
  const flag = (name: keyof GroupFormValues, span = 12) => (
    <Col span={span}>
      <ProFormSwitch name={name} label={t(`fields.${name}`)} />
    </Col>
  );

  /** Brings the first failing field's tab forward, so its message can be seen. */
  const showSectionOf = (names: readonly (string | number)[][]) => {
    const first = names[0]?.[0];
    const field = typeof first === 'string' ? formFieldOf(first) : undefined;
    if (field) setSection(sectionOfField[field]);
  };

  const robotRule: Rule = ({ getFieldValue }) => ({
    validator: async (_, value: string | undefined) => {
      if (!value && (getFieldValue('defaultRobot') || getFieldValue('offlineRobot')))
        throw new Error(t('validation.robotRequired'));
    },
  });

  const adminRule: Rule = ({ getFieldValue }) => ({
    validator: async (_, value: string | undefined) => {
      const users = (getFieldValue('users') as string[] | undefined) ?? [];
      if (value && !users.includes(value)) throw new Error(t('validation.adminNotMember'));
    },
  });

  const topTipRule: Rule = ({ getFieldValue }) => ({
    validator: async (_, value: string | undefined) => {
      if (getFieldValue('showTopTip') && !value?.trim()) throw new Error(t('validation.topTipRequired'));
    },
  });

  const workTimesRule: Rule = {
    validator: async (_, value: WorkTimeDraft | undefined) => {
      const [first] = value ? validateWorkTimes(value) : [];
      if (first) throw new Error(issueMessage(first));
    },
  };

  const tabs: { key: GroupFormSection; children: ReactNode }[] = [
    {
      key: 'basics',
      children: (
        <>
          <Col span={12}>
            <ProFormText
              name="nickname"
              label={t('fields.nickname')}
              tooltip={t('help.nickname')}
              fieldProps={{ maxLength: GROUP_LIMITS.nickname, showCount: true }}
              rules={[
                { required: true, whitespace: true, message: t('validation.nicknameRequired') },
                maxText(GROUP_LIMITS.nickname),
              ]}
            />
          </Col>
          <Col span={12}>
            <ProFormText
              name="slogan"
              label={t('fields.slogan')}
              fieldProps={{ maxLength: GROUP_LIMITS.slogan, showCount: true }}
              rules={[maxText(GROUP_LIMITS.slogan)]}
            />
          </Col>
          <Col span={24}>
            <ProForm.Item name="avatar" label={t('fields.avatar')}>
              <AvatarField />
            </ProForm.Item>
          </Col>
          <Col span={24}>
            <ProFormTextArea
              name="description"
              label={t('fields.description')}
              fieldProps={{
                autoSize: { minRows: 3, maxRows: 6 },
                maxLength: GROUP_LIMITS.description,
                showCount: true,
              }}
              rules={[maxText(GROUP_LIMITS.description)]}
            />
          </Col>
        </>
      ),
    },
    {
      key: 'routing',
      children: (
        <>
          {[
            { query: agents, key: 'agents' as const },
            { query: robots, key: 'robots' as const },
            { query: groups, key: 'groups' as const },
          ]
            .filter(({ query }) => query.isError)
            .map(({ query, key }) => (
              <Col span={24} key={key}>
                <Alert
                  type="warning"
                  showIcon
                  style={{ marginBottom: 12 }}
                  title={t(`loadFailed.${key}`, { message: parseError(query.error).message })}
                />
              </Col>
            ))}
          <Col span={24}>
            <Divider titlePlacement="start">{t('groups.routing')}</Divider>
          </Col>
          <Col span={24}>
            <ProFormRadio.Group
              name="routeType"
              label={t('fields.routeType')}
              fieldProps={{ style: { display: 'flex', flexDirection: 'column', gap: 6 } }}
              options={routeTypeValues.map((value) => ({
                value,
                label: (
                  <span>
                    <strong>{t(`routeTypes.${value}`)}</strong>
                    <span style={{ opacity: 0.65 }}> — {t(`routeTypeHelp.${value}`)}</span>
                  </span>
                ),
              }))}
            />
          </Col>
          {flag('recent')}
          <Col span={12}>
            <ProFormSelect
              name="onDutyWorkGroupWid"
              label={t('fields.onDutyWorkGroupWid')}
              tooltip={t('help.onDutyWorkGroupWid')}
              allowClear
              placeholder={t('placeholders.onDutyWorkGroupWid')}
              options={onDutyOptions}
              fieldProps={{ loading: groups.isLoading, showSearch: { optionFilterProp: 'label' } }}
            />
          </Col>
          <Col span={24}>
            <Divider titlePlacement="start">{t('groups.members')}</Divider>
          </Col>
          <Col span={14}>
            <ProForm.Item
              name="users"
              label={t('fields.users')}
              tooltip={t('help.users')}
              rules={[
                {
                  type: 'array',
                  max: GROUP_LIMITS.members,
                  message: t('validation.tooManyMembers', { max: GROUP_LIMITS.members }),
                },
              ]}
            >
              <Select
                mode="multiple"
                allowClear
                loading={agents.isLoading}
                placeholder={t('placeholders.users')}
                options={memberOptions}
                optionRender={renderUserOption}
                showSearch={{ optionFilterProp: 'search' }}
                aria-label={t('fields.users')}
              />
            </ProForm.Item>
          </Col>
          <Col span={10}>
            <ProForm.Item
              name="admin"
              label={t('fields.admin')}
              tooltip={t('help.admin')}
              dependencies={['users']}
              rules={[adminRule]}
            >
              <AdminSelect
                options={memberOptions}
                placeholder={t('placeholders.admin')}
                aria-label={t('fields.admin')}
              />
            </ProForm.Item>
          </Col>
          <Col span={24}>
            <Divider titlePlacement="start">{t('groups.robot')}</Divider>
          </Col>
          <Col span={12}>
            <ProForm.Item
              name="robotUid"
              label={t('fields.robotUid')}
              tooltip={t('help.robotUid')}
              dependencies={['defaultRobot', 'offlineRobot']}
              rules={[robotRule]}
            >
              <Select
                allowClear
                loading={robots.isLoading}
                placeholder={t('placeholders.robotUid')}
                options={robotOptions}
                optionRender={renderUserOption}
                showSearch={{ optionFilterProp: 'search' }}
                aria-label={t('fields.robotUid')}
              />
            </ProForm.Item>
          </Col>
          {flag('defaultRobot')}
          {flag('offlineRobot')}
          {flag('showRobotFaq')}
          {flag('showRobotFaqNotFound')}
          {flag('robotCollectMobile')}
          {flag('helpCenterSearch')}
          {flag('widgetTicket')}
          {flag('allowCall')}
          {tip('robotTip')}
          {tip('robotAnswerNotFoundTip')}
          <Col span={24}>
            <Divider titlePlacement="start">{t('groups.queue')}</Divider>
          </Col>
          <Col span={8}>
            <ProFormDigit
              name="maxQueueCount"
              label={t('fields.maxQueueCount')}
              tooltip={t('help.maxQueueCount')}
              min={GROUP_LIMITS.maxQueueCount.min}
              max={GROUP_LIMITS.maxQueueCount.max}
              fieldProps={{ precision: 0 }}
              rules={wholeNumber(GROUP_LIMITS.maxQueueCount)}
            />
          </Col>
          <Col span={8}>
            <ProFormDigit
              name="maxQueueSeconds"
              label={t('fields.maxQueueSeconds')}
              tooltip={t('help.maxQueueSeconds')}
              min={GROUP_LIMITS.maxQueueSeconds.min}
              max={GROUP_LIMITS.maxQueueSeconds.max}
              fieldProps={{ precision: 0 }}
              rules={wholeNumber(GROUP_LIMITS.maxQueueSeconds)}
            />
          </Col>
          <Col span={8}>
            <ProFormDigit
              name="autoCloseMinutes"
              label={t('fields.autoCloseMinutes')}
              min={GROUP_LIMITS.autoCloseMinutes.min}
              max={GROUP_LIMITS.autoCloseMinutes.max}
              fieldProps={{ precision: 0 }}
              rules={wholeNumber(GROUP_LIMITS.autoCloseMinutes)}
            />
          </Col>
          {flag('forceRate')}
          {flag('autoPop')}
        </>
      ),
    },
    {
      key: 'tips',
      children: (
        <>
          <Col span={24} style={{ marginBottom: 16 }}>
            <PlatformTipsButton />
          </Col>
          {tip('welcomeTip', t('placeholders.welcomeTip'))}
          {tip('acceptTip')}
          {tip('reRequestTip')}
          {tip('offlineTip', t('placeholders.offlineTip'))}
          {tip('closeTip')}
          {tip('autoCloseTip')}
          {tip('nonWorkingTimeTip', t('placeholders.nonWorkingTimeTip'))}
          {tip('maxQueueCountExceedTip')}
          {tip('maxQueueSecondExceedTip')}
          <Col span={24}>
            <Divider titlePlacement="start">{t('groups.topTip')}</Divider>
          </Col>
          {flag('showTopTip', 24)}
          <Col span={24}>
            <ProFormTextArea
              name="topTip"
              label={t('fields.topTip')}
              dependencies={['showTopTip']}
              fieldProps={{
                autoSize: { minRows: 2, maxRows: 5 },
                maxLength: GROUP_LIMITS.tip,
                showCount: true,
              }}
              rules={[maxText(GROUP_LIMITS.tip), topTipRule]}
            />
          </Col>
        </>
      ),
    },
    {
      key: 'workTime',
      children: (
        <Col span={24}>
          <ProForm.Item name="workTimes" label={t('fields.workTimes')} rules={[workTimesRule]}>
            <WorkTimeEditor />
          </ProForm.Item>
        </Col>
      ),
    },
    {
      key: 'display',
      children: (
        <>
          {flag('showForm')}
          {(['preChatForm', 'afterChatForm'] as const).map((name) => (
            <Col span={12} key={name}>
              <ProFormSelect
                name={name}
                label={t(`fields.${name}`)}
                tooltip={t(`help.${name}`)}
                allowClear
                placeholder={t(`placeholders.${name}`)}
                options={(forms.data ?? []).map((form) => ({ value: form.fid, label: form.title }))}
                fieldProps={{ loading: forms.isLoading, showSearch: { optionFilterProp: 'label' } }}
              />
            </Col>
          ))}
          <Col span={12}>
            <ProFormRadio.Group
              name="leaveMessageType"
              label={t('fields.leaveMessageType')}
              options={leaveMessageTypeSchema.options.map((value) => ({
                value,
                label: t(`leaveMessageTypes.${value}`),
              }))}
            />
          </Col>
          {flag('showCollectMobile')}
          {flag('showRightColumn')}
          {flag('hideLogo')}
        </>
      ),
    },
    {
      key: 'advanced',
      children: (
        <>
          {(['webhook', 'webhookLeaveMessage'] as const).map((name) => (
            <Col span={24} key={name}>
              <ProFormText
                name={name}
                label={t(`fields.${name}`)}
                tooltip={t(`help.${name}`)}
                placeholder={t('placeholders.webhook')}
                rules={[maxText(GROUP_LIMITS.url), urlRule]}
              />
            </Col>
          ))}
        </>
      ),
    },
  ];

  return (
    <DrawerForm<GroupFormValues>
      form={form}
      // Field ids get this prefix, so they do not clash with the table's search form (`nickname`).
      name="kefuGroupForm"
      title={editing ? t('editTitle', { nickname: editing.nickname }) : t('createTitle')}
      open={open}
      onOpenChange={onOpenChange}
      width={880}
      layout="vertical"
      initialValues={initialValues}
      drawerProps={{ destroyOnHidden: true, maskClosable: false }}
      submitter={{ searchConfig: { submitText: t('save'), resetText: t('cancel') } }}
      onValuesChange={(changed: Partial<GroupFormValues>) => {
        // The admin is one of the members: dropping that member drops the admin.
        if (changed.users) {
          const admin = form.getFieldValue('admin') as string | undefined;
          if (admin && !changed.users.includes(admin)) form.setFieldValue('admin', undefined);
        }
      }}
      onFinishFailed={({ errorFields }) => showSectionOf(errorFields.map((field) => field.name))}
      onFinish={async () => {
        // All tabs are rendered, but read the whole store: ProForm leaves out empty values.
        const values = form.getFieldsValue(true) as GroupFormValues;
        try {
          await onSubmit(toGroupBody(values));
          return true;
        } catch (error) {
          const fieldErrors = new Map<keyof GroupFormValues, string>();
          for (const [path, message] of Object.entries(parseError(error).fields)) {
            const field = formFieldOf(path);
            if (field && !fieldErrors.has(field)) fieldErrors.set(field, message);
          }
          if (fieldErrors.size > 0) {
            form.setFields([...fieldErrors].map(([name, message]) => ({ name, errors: [message] })));
            showSectionOf([...fieldErrors.keys()].map((name) => [name]));
          } else {
            reportUnlessHandled(error);
          }
          return false;
        }
      }}
    >
      <Tabs
        style={{ width: '100%' }}
        activeKey={section}
        onChange={(key) => setSection(key as GroupFormSection)}
        items={SECTIONS.map((key) => {
          const tab = tabs.find((item) => item.key === key);
          return {
            key,
            label: t(`sections.${key}`),
            // Every tab is mounted so that its fields validate and submit while hidden.
            forceRender: true,
            children: <Row gutter={16}>{tab?.children}</Row>,
          };
        })}
      />
    </DrawerForm>
  );
};
