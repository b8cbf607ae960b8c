import { Avatar, Card, Col, Empty, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { Profile } from '@openkefu/contract';
import { useProfile } from '../../../shared/auth/profileStore';
import { Description, DescriptionList } from '../../../shared/components/DescriptionList';
import { useLanguage } from '../../../shared/i18n';
import { useRoleText } from '../../../shared/roles/roleText';
import { greeting } from '../../../shared/utils/greeting';
import { listMenuSections, titleOf, type SectionRoute } from '../../../shared/routing/buildRoutes';
import { useSession } from '../../../shared/routing/session';
import { MenuIcon } from '../../../shared/routing/menuIcons';
import './workplace.css';

const DASHBOARD = 'dashboard';
const describedSections = new Set([
  'kefu',
  'crm',
  'kb',
  'robot',
  'settings',
  'statictic',
  'platform',
  'ticket',
  'channel',
  'feedback',
  'quality',
  'form',
  DASHBOARD,
]);

const UserCard = ({ profile }: { profile: Profile }) => {
  const { t } = useTranslation('app');
  const language = useLanguage();
  const roleText = useRoleText();
  const validity = profile.validateUntilDate
    ? dayjs(profile.validateUntilDate).format('YYYY-MM-DD')
    : t('workplace.noExpiry');
  const balance = new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(profile.balance);
  return (
    <Card className="ok-workplace__user">
      <div className="ok-workplace__user-head">
        <Avatar size={64} src={profile.avatar || undefined} icon={<UserOutlined />} alt="" />
        <div>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('workplace.greeting', { greeting: greeting(), name: profile.nickname || profile.username })}
          </Typography.Title>
          <Typography.Text type="secondary">{profile.organization.name}</Typography.Text>
        </div>
      </div>
      <DescriptionList col={4} size="small">
        <Description term={t('workplace.username')}>{profile.username}</Description>
        <Description term={t('workplace.organization')}>{profile.organization.name}</Description>
        <Description term={t('workplace.balance')}>{balance}</Description>
        <Description term={t('workplace.validity')}>{validity}</Description>
        <Description term={t('workplace.roles')}>
          <Space size={[4, 4]} wrap>
            {profile.roles.length > 0
              ? profile.roles.map((role) => (
                  <Tag key={role.rid} title={roleText.description(role)}>
                    {roleText.name(role)}
                  </Tag>
                ))
              : '-'}
          </Space>
        </Description>
      </DescriptionList>
    </Card>
  );
};

const QuickLinks = ({ sections }: { sections: SectionRoute[] }) => {
  const { t } = useTranslation('app');
  const language = useLanguage();
  if (sections.length === 0) return <Empty description={t('workplace.noSections')} />;
  return (
    <Row gutter={[16, 16]}>
      {sections.map((section) => (
        <Col key={section.name} xs={24} sm={12} lg={8} xxl={6}>
          <Link to={section.redirect || section.path} className="ok-workplace__link">
            <Card hoverable size="small">
              <Card.Meta
                avatar={
                  <span className="ok-workplace__icon">
                    <MenuIcon name={section.icon} />
                  </span>
                }
                title={titleOf(section, language)}
                description={t(
                  `workplace.sections.${describedSections.has(section.name) ? section.name : 'other'}`,
                )}
              />
            </Card>
          </Link>
        </Col>
      ))}
    </Row>
  );
};

const gettingStartedSteps = ['agents', 'channels', 'robot', 'kb', 'workbench'] as const;

/** Dashboard → workplace: the greeting, the user's card, quick links to every section, first steps. */
export const WorkplacePage = () => {
  const { t } = useTranslation('app');
  const profile = useProfile();
  const session = useSession();
  const sections = session
    ? listMenuSections(session.table).filter((section) => section.name !== DASHBOARD && !section.isExternal)
    : [];

  return (
    <div className="ok-workplace">
      {profile ? (
        <UserCard profile={profile} />
      ) : (
        <Card>
          <Skeleton avatar active />
        </Card>
      )}
      <Row gutter={[24, 24]} style={{ marginTop: 24 }}>
        <Col xs={24} xl={16}>
          <Card title={t('workplace.quickLinks')}>
            {session ? <QuickLinks sections={sections} /> : <Skeleton active />}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('workplace.gettingStarted')}>
            <ol className="ok-workplace__steps">
              {gettingStartedSteps.map((step) => (
                <li key={step}>{t(`workplace.steps.${step}`)}</li>
              ))}
            </ol>
          </Card>
        </Col>
      </Row>
    </div>
  );
};
