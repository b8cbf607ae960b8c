import '../shared/i18n';
import '../shared/dashboard.css';
import '../../embed-code/i18n';
import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  Radio,
  Row,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { CopyOutlined, ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { parseError } from '../../../shared/api/parseError';
import { useProfile } from '../../../shared/auth/profileStore';
import { useLanguage } from '../../../shared/i18n';
import { copyText } from '../../../shared/utils/copy';
import { EMBED_CODE_NS } from '../../embed-code/i18n';
import { chatLinkOf, previewLinkOf, snippetOf, type EmbedChoice } from '../../embed-code/snippet';
import { fetchAllWorkgroups } from '../../kefu/shared/api';
import { DASHBOARD_NS } from '../shared/i18n';
import { usePagePaths } from '../shared/links';

type Style = 1 | 2 | 3 | 4;
type ChatLanguage = EmbedChoice['language'];

/** Style 5 (video) is not offered until video calls exist; the embed loader takes 1–4. */
const STYLES: readonly Style[] = [1, 2, 3, 4];

const styleOf = (value: string | null): Style => {
  const style = Number(value);
  return (STYLES as readonly number[]).includes(style) ? (style as Style) : 3;
};

const languageOf = (value: string | null, fallback: ChatLanguage): ChatLanguage =>
  value === 'en-US' || value === 'zh-CN' ? value : fallback;

/** The embed loader's default button label (packages/widget/src/embed.ts). */
const launcherLabel = (language: ChatLanguage) => (language === 'zh-CN' ? '在线客服' : 'Chat with us');

/**
 * Dashboard → preview (`/stable/dashboard/preview`, a route without a menu item): the visitor widget
 * for a chosen skill group, code style and language, on a stand-in of the customer's page, the way a
 * visitor meets it — the launcher button and the chat opening as that style opens it. The chat is
 * the real chat page in preview mode (`?preview=1`, GET /visitor/api/preview), which creates no
 * visitor, conversation or statistics event. The choice lives in the address (`?wid&style&lang`).
 */
export const PreviewPage = () => {
  const { t } = useTranslation(DASHBOARD_NS);
  const { t: tCode } = useTranslation(EMBED_CODE_NS);
  const profile = useProfile();
  const consoleLanguage = useLanguage();
  const pathOf = usePagePaths();
  const [params, setParams] = useSearchParams();
  const [reloads, setReloads] = useState(0);
  const [isChatOpen, setChatOpen] = useState(true);
  const groups = useQuery({ queryKey: ['dashboard', 'preview', 'groups'], queryFn: fetchAllWorkgroups });

  const style = styleOf(params.get('style'));
  const language = languageOf(params.get('lang'), consoleLanguage);
  const asked = params.get('wid');
  const wid =
    groups.data?.find((group) => group.wid === asked)?.wid ?? (asked ? undefined : groups.data?.[0]?.wid);
  const choose = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) next.set(key, value);
    setParams(next, { replace: true });
    setChatOpen(true);
  };

  if (groups.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={t('preview.loadFailed')}
        description={parseError(groups.error).message}
        action={<Button onClick={() => void groups.refetch()}>{t('common.retry')}</Button>}
      />
    );
  if (groups.isPending || !profile) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (groups.data.length === 0) {
    const groupPath = pathOf('kefu/group');
    return (
      <Card>
        <Empty description={t('preview.noGroups')}>
          {groupPath ? <Link to={groupPath}>{t('preview.createGroup')}</Link> : null}
        </Empty>
      </Card>
    );
  }

  const choice: EmbedChoice | null = wid
    ? {
        origin: window.location.origin,
        subDomain: profile.subDomain,
        target: { kind: 'group', wid },
        style,
        language,
      }
    : null;
  const link = choice ? previewLinkOf(chatLinkOf(choice)) : null;
  const snippet = choice ? snippetOf(choice) : null;

  return (
    <Row gutter={[24, 24]} className="ok-dashboard-preview">
      <Col xs={24} xl={8}>
        <Card title={t('preview.title')} size="small">
          <Typography.Paragraph type="secondary">{t('preview.intro')}</Typography.Paragraph>
          <Form layout="vertical">
            <Form.Item label={tCode('group')}>
              <Select
                aria-label={tCode('group')}
                value={wid}
                placeholder={tCode('pickGroup')}
                onChange={(value: string) => choose({ wid: value })}
                options={groups.data.map((group) => ({ value: group.wid, label: group.nickname }))}
                showSearch={{ optionFilterProp: 'label' }}
              />
            </Form.Item>
            <Form.Item label={tCode('style')} extra={tCode(`style${style}Hint`)}>
              <Radio.Group
                value={style}
                onChange={(event) => choose({ style: String(event.target.value) })}
                optionType="button"
                options={STYLES.map((value) => ({ value, label: tCode(`style${value}`) }))}
              />
            </Form.Item>
            <Form.Item label={tCode('language')}>
              <Radio.Group
                value={language}
                onChange={(event) => choose({ lang: String(event.target.value) })}
                optionType="button"
                options={[
                  { value: 'en-US', label: 'English' },
                  { value: 'zh-CN', label: '简体中文' },
                ]}
              />
            </Form.Item>
          </Form>
          {snippet ? (
            <>
              <Typography.Text strong>{tCode('snippet')}</Typography.Text>
              <Input.TextArea
                aria-label={tCode('snippet')}
                readOnly
                value={snippet}
                autoSize={{ minRows: 3 }}
                style={{ marginTop: 8 }}
              />
              <Space style={{ marginTop: 8 }} wrap>
                <Button icon={<CopyOutlined />} onClick={() => void copyText(snippet)}>
                  {tCode('copy')}
                </Button>
                {link ? (
                  <Button icon={<ExportOutlined />} href={link} target="_blank" rel="noopener noreferrer">
                    {t('preview.openTab')}
                  </Button>
                ) : null}
              </Space>
            </>
          ) : null}
        </Card>
      </Col>
      <Col xs={24} xl={16}>
        <Card
          size="small"
          title={t('preview.stageTitle')}
          extra={
            <Button icon={<ReloadOutlined />} onClick={() => setReloads((count) => count + 1)}>
              {t('preview.reload')}
            </Button>
          }
        >
          {link ? (
            <Stage
              key={`${link}#${reloads}`}
              style={style}
              link={link}
              label={launcherLabel(language)}
              isChatOpen={isChatOpen}
              onToggle={() => setChatOpen((open) => !open)}
            />
          ) : (
            <Alert type="warning" showIcon title={t('preview.groupGone')} />
          )}
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            {t('preview.readOnly')}
          </Typography.Paragraph>
        </Card>
      </Col>
    </Row>
  );
};

/** The customer's page as a visitor sees it, with the launcher and the chat opened the style's way. */
const Stage = ({
  style,
  link,
  label,
  isChatOpen,
  onToggle,
}: {
  style: Style;
  link: string;
  label: string;
  isChatOpen: boolean;
  onToggle: () => void;
}) => {
  const { t } = useTranslation(DASHBOARD_NS);
  const chat = <iframe className="ok-stage__chat" title={t('preview.chatFrame')} src={link} />;
  const launcher = (
    <button type="button" className="ok-stage__launcher" onClick={onToggle} aria-expanded={isChatOpen}>
      {label}
    </button>
  );
  const page = (
    <div className="ok-stage__page" aria-hidden>
      <div className="ok-stage__hero" />
      <div className="ok-stage__line" />
      <div className="ok-stage__line ok-stage__line--short" />
      <div className="ok-stage__line" />
    </div>
  );

  if (style === 4)
    return (
      <div className="ok-stage ok-stage--phone" data-style={style}>
        <div className="ok-stage__bar">
          {isChatOpen ? (
            <button type="button" className="ok-stage__back" onClick={onToggle}>
              ‹ {t('preview.back')}
            </button>
          ) : null}
          <span>{isChatOpen ? t('preview.chatPage') : t('preview.sitePage')}</span>
        </div>
        <div className="ok-stage__screen">
          {isChatOpen ? (
            chat
          ) : (
            <>
              {page}
              {launcher}
            </>
          )}
        </div>
      </div>
    );

  return (
    <div className="ok-stage ok-stage--desktop" data-style={style}>
      <div className="ok-stage__bar">
        <span className="ok-stage__dots" aria-hidden />
        {style === 1 ? (
          <span className="ok-stage__tabs">
            <button
              type="button"
              className={`ok-stage__tab${isChatOpen ? '' : ' is-active'}`}
              onClick={isChatOpen ? onToggle : undefined}
            >
              {t('preview.sitePage')}
            </button>
            {isChatOpen ? <span className="ok-stage__tab is-active">{t('preview.chatTab')}</span> : null}
          </span>
        ) : (
          <span className="ok-stage__address">{t('preview.siteAddress')}</span>
        )}
      </div>
      <div className="ok-stage__screen">
        {style === 1 && isChatOpen ? (
          chat
        ) : (
          <>
            {page}
            {launcher}
            {isChatOpen && style === 3 ? <div className="ok-stage__panel">{chat}</div> : null}
            {isChatOpen && style === 2 ? (
              <div className="ok-stage__popup" role="dialog" aria-label={t('preview.popup')}>
                <div className="ok-stage__popup-bar">
                  <span>{label}</span>
                  <button type="button" onClick={onToggle} aria-label={t('preview.closePopup')}>
                    ×
                  </button>
                </div>
                {chat}
              </div>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
};
