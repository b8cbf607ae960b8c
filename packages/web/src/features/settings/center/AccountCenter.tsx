import { useState, type ReactNode } from 'react';
import { Avatar, Button, Card, Col, Empty, List, Row, Skeleton, Space, Tabs, Tag, Typography } from 'antd';
import { EditOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import type { Language, Profile, Workgroup } from '@openkefu/contract';
import { isHttpError } from '../../../shared/api/http';
import { useProfile } from '../../../shared/auth/profileStore';
import { useLanguage } from '../../../shared/i18n';
import { useRoleText } from '../../../shared/roles/roleText';
import { useSession } from '../../../shared/routing/session';
import { fetchAllWorkgroups, MY_GROUPS_QUERY_KEY } from '../api';
import { useMe } from '../hooks';
import { SETTINGS_NS } from '../i18n';
import { LoadError } from '../components/LoadError';
import type { AccountTab } from '../profile/tabs';

export const MY_ROLES_PATH = '/stable/settings/role';

/** Balances are in yuan (the server keeps cents); the product bills in CNY. */
export const formatBalance = (amount: number, language: Language): string =>
  new Intl.NumberFormat(language, { style: 'currency', currency: 'CNY' }).format(amount);

/** The skill groups the user serves in or runs. */
export const groupsOf = (groups: Workgroup[], uid: string): Workgroup[] =>
  groups.filter((group) => group.admin?.uid === uid || group.users.some((user) => user.uid === uid));

const Field = ({ label, children }: { label: string; children: ReactNode }) => (
  <div className="ok-settings__center-field">
    <Typography.Text type="secondary">{label}</Typography.Text>
    <div>{children}</div>
  </div>
);

const IdentityCard = ({ profile, onEdit }: { profile: Profile; onEdit: () => void }) => {
  const { t } = useTranslation(SETTINGS_NS);
  const language = useLanguage();
  const me = useMe();
  const roleText = useRoleText();
  const lastLoginAt = me.data?.lastLoginAt ?? null;
  return (
    <Card>
      <div className="ok-settings__center-head">
        <Avatar size={96} src={profile.avatar || undefined} icon={<UserOutlined />} />
        <Typography.Title level={4} style={{ margin: '12px 0 0' }} data-testid="center-nickname">
          {profile.nickname || profile.username}
        </Typography.Title>
        {me.data?.realName ? <Typography.Text type="secondary">{me.data.realName}</Typography.Text> : null}
        {me.data?.description ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {me.data.description}
          </Typography.Paragraph>
        ) : null}
      </div>
      <Field label={t('center.username')}>{profile.username}</Field>
      <Field label={t('center.organization')}>{profile.organization.name}</Field>
      <Field label={t('center.subDomain')}>{profile.subDomain}</Field>
      <Field label={t('center.roles')}>
        <Space size={[4, 4]} wrap>
          {profile.roles.map((role) => (
            <Tag key={role.rid} color="blue" title={role.value}>
              {roleText.name(role)}
            </Tag>
          ))}
        </Space>
      </Field>
      <Field label={t('center.balance')}>{formatBalance(profile.balance, language)}</Field>
      <Field label={t('center.validUntil')}>
        {profile.validateUntilDate?.slice(0, 10) ?? t('common.unlimited')}
      </Field>
      <Field label={t('center.email')}>{profile.email ?? t('common.notSet')}</Field>
      <Field label={t('center.mobile')}>{profile.mobile ?? t('common.notSet')}</Field>
      <Field label={t('center.lastLogin')}>
        {me.isPending ? (
          <Skeleton.Input size="small" active />
        ) : lastLoginAt === null ? (
          t('common.never')
        ) : (
          dayjs(lastLoginAt).format('YYYY-MM-DD HH:mm')
        )}
      </Field>
      <Button icon={<EditOutlined />} block style={{ marginTop: 16 }} onClick={onEdit}>
        {t('center.editProfile')}
      </Button>
    </Card>
  );
};

const GroupList = ({ groups, uid }: { groups: Workgroup[]; uid: string }) => {
  const { t } = useTranslation(SETTINGS_NS);
  const mine = groupsOf(groups, uid);
  if (mine.length === 0) return <Empty description={t('center.groupsEmpty')} />;
  return (
    <List
      dataSource={mine}
      renderItem={(group) => (
        <List.Item key={group.wid}>
          <List.Item.Meta
            avatar={<Avatar src={group.avatar || undefined} icon={<TeamOutlined />} />}
            title={
              <Space>
                {group.nickname}
                {group.admin?.uid === uid && <Tag color="gold">{t('center.groupAdmin')}</Tag>}
              </Space>
            }
            description={group.description || group.slogan || undefined}
          />
          <Typography.Text type="secondary">
            {t('center.groupMembers', { count: group.users.length })}
          </Typography.Text>
        </List.Item>
      )}
    />
  );
};

/**
 * Account centre (spec's AccountCenter): who I am — avatar, names, organisation, roles, balance,
 * validity and last login — and the skill groups I belong to. A user whose roles may not list
 * skill groups (403) does not get that tab.
 */
export const AccountCenter = ({ onNavigate }: { onNavigate: (tab: AccountTab) => void }) => {
  const { t } = useTranslation(SETTINGS_NS);
  const profile = useProfile();
  const session = useSession();
  const groups = useQuery({ queryKey: MY_GROUPS_QUERY_KEY, queryFn: fetchAllWorkgroups, retry: false });
  const [chosenTab, setChosenTab] = useState<string | null>(null);
  if (!profile) return <Skeleton avatar active paragraph={{ rows: 6 }} />;

  const isGroupsForbidden = groups.isError && isHttpError(groups.error) && groups.error.status === 403;
  const canSeeRoles = session?.table.pages.has(MY_ROLES_PATH) ?? false;

  const tabs = [
    ...(isGroupsForbidden
      ? []
      : [
          {
            key: 'groups',
            label: t('center.groups'),
            children: groups.isPending ? (
              <Skeleton active />
            ) : groups.isError ? (
              <LoadError error={groups.error} onRetry={() => void groups.refetch()} />
            ) : (
              <GroupList groups={groups.data} uid={profile.uid} />
            ),
          },
        ]),
    {
      key: 'authorities',
      label: t('center.authorities'),
      children:
        profile.authorities.length === 0 ? (
          <Empty description={t('center.authoritiesEmpty')} />
        ) : (
          <>
            <Space size={[8, 8]} wrap>
              {profile.authorities.map((authority) => (
                <Tag key={authority}>{t(`authorities.${authority}`)}</Tag>
              ))}
            </Space>
            {canSeeRoles && (
              <Typography.Paragraph style={{ marginTop: 16 }}>
                <Link to={MY_ROLES_PATH}>{t('center.myRoles')}</Link>
              </Typography.Paragraph>
            )}
          </>
        ),
    },
  ];

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={9}>
        <IdentityCard profile={profile} onEdit={() => onNavigate('base')} />
      </Col>
      <Col xs={24} lg={15}>
        <Card>
          <Tabs
            // The skill-group tab can vanish after its 403; the choice then falls to the first tab left.
            activeKey={tabs.find((tab) => tab.key === chosenTab)?.key ?? tabs[0]?.key}
            onChange={setChosenTab}
            items={tabs}
          />
        </Card>
      </Col>
    </Row>
  );
};
