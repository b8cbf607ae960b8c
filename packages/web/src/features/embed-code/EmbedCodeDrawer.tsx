import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Empty, Form, Input, Radio, Select, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseError } from '../../shared/api/parseError';
import { useProfile } from '../../shared/auth/profileStore';
import { useLanguage } from '../../shared/i18n';
import { copyText } from '../../shared/utils/copy';
import { fetchAgentPage, fetchAllWorkgroups } from '../kefu/shared/api';
import { AllowedSites } from './AllowedSites';
import { EMBED_CODE_NS } from './i18n';
import { chatLinkOf, previewLinkOf, snippetOf, type EmbedChoice } from './snippet';

/** Spec §2: the drawer is 660 px wide. */
export const EMBED_CODE_DRAWER_WIDTH = 660;

const styles = [1, 2, 3, 4, 5] as const;

/** The header's "get the chat code" drawer: pick who answers, the code style and language; copy and preview. */
export const EmbedCodeDrawer = ({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) => {
  const { t } = useTranslation(EMBED_CODE_NS);
  const profile = useProfile();
  const consoleLanguage = useLanguage();
  const [targetKind, setTargetKind] = useState<'group' | 'agent'>('group');
  const [wid, setWid] = useState<string>();
  const [uid, setUid] = useState<string>();
  const [style, setStyle] = useState<EmbedChoice['style']>(4);
  const [language, setLanguage] = useState<EmbedChoice['language']>(consoleLanguage);
  // Counts the openings: the preview frame is keyed by it, so each opening loads it afresh (the
  // drawer stays mounted, and an agent may have come online since the last look).
  const [openings, setOpenings] = useState({ isOpen, count: isOpen ? 1 : 0 });
  if (openings.isOpen !== isOpen)
    setOpenings({ isOpen, count: isOpen ? openings.count + 1 : openings.count });

  const groups = useQuery({
    queryKey: ['embedCode', 'groups'],
    queryFn: fetchAllWorkgroups,
    enabled: isOpen,
  });
  const agents = useQuery({
    queryKey: ['embedCode', 'agents'],
    queryFn: () => fetchAgentPage({ page: 0, size: 100 }),
    enabled: isOpen && targetKind === 'agent',
  });
  const chosenWid = wid ?? groups.data?.[0]?.wid;
  const chosenUid = uid ?? agents.data?.content[0]?.uid;
  const target: EmbedChoice['target'] | null =
    targetKind === 'group'
      ? chosenWid
        ? { kind: 'group', wid: chosenWid }
        : null
      : chosenUid
        ? { kind: 'agent', uid: chosenUid }
        : null;

  const choice: EmbedChoice | null =
    target && profile
      ? { origin: window.location.origin, subDomain: profile.subDomain, target, style, language }
      : null;
  const snippet = choice ? snippetOf(choice) : null;
  const link = choice ? chatLinkOf(choice) : null;
  const loadError = groups.error ?? agents.error;

  return (
    <Drawer
      title={t('title')}
      open={isOpen}
      onClose={onClose}
      size={EMBED_CODE_DRAWER_WIDTH}
      destroyOnHidden={false}
    >
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {loadError && (
        <Alert
          type="error"
          showIcon
          title={t('loadFailed', { reason: parseError(loadError).message })}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form layout="vertical">
        <Form.Item label={t('target')}>
          <Radio.Group
            value={targetKind}
            onChange={(event) => setTargetKind(event.target.value as 'group' | 'agent')}
          >
            <Radio.Button value="group">{t('targetGroup')}</Radio.Button>
            <Radio.Button value="agent">{t('targetAgent')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
        {targetKind === 'group' ? (
          <Form.Item label={t('group')}>
            {groups.data && groups.data.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noGroups')} />
            ) : (
              <Select
                aria-label={t('group')}
                loading={groups.isLoading}
                placeholder={t('pickGroup')}
                value={chosenWid}
                onChange={setWid}
                options={(groups.data ?? []).map((group) => ({ value: group.wid, label: group.nickname }))}
              />
            )}
          </Form.Item>
        ) : (
          <Form.Item label={t('agent')}>
            <Select
              aria-label={t('agent')}
              loading={agents.isLoading}
              placeholder={t('pickAgent')}
              value={chosenUid}
              onChange={setUid}
              showSearch={{ optionFilterProp: 'label' }}
              options={(agents.data?.content ?? []).map((agent) => ({
                value: agent.uid,
                label: agent.realName ? `${agent.nickname} (${agent.realName})` : agent.nickname,
              }))}
            />
          </Form.Item>
        )}
        <Form.Item label={t('style')} extra={t(`style${style}Hint`)}>
          <Radio.Group
            value={style}
            onChange={(event) => setStyle(event.target.value as EmbedChoice['style'])}
          >
            {styles.map((value) => (
              <Radio.Button key={value} value={value}>
                {t(`style${value}`)}
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('language')}>
          <Radio.Group
            value={language}
            onChange={(event) => setLanguage(event.target.value as EmbedChoice['language'])}
          >
            <Radio.Button value="en-US">English</Radio.Button>
            <Radio.Button value="zh-CN">简体中文</Radio.Button>
          </Radio.Group>
        </Form.Item>
      </Form>
      {snippet && link && (
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <div>
            <Typography.Text strong>{t('snippet')}</Typography.Text>
            <Input.TextArea
              aria-label={t('snippet')}
              readOnly
              value={snippet}
              autoSize={{ minRows: 3 }}
              data-testid="embed-snippet"
            />
            <Button icon={<CopyOutlined />} onClick={() => void copyText(snippet)} style={{ marginTop: 8 }}>
              {t('copy')}
            </Button>
            <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="embed-identity-hint">
              {t('identityHint')}
            </Typography.Paragraph>
          </div>
          <div>
            <Typography.Text strong>{t('link')}</Typography.Text>
            <Space.Compact style={{ width: '100%' }}>
              <Input aria-label={t('link')} readOnly value={link} />
              <Button
                icon={<CopyOutlined />}
                aria-label={`${t('copy')} ${t('link')}`}
                onClick={() => void copyText(link)}
              />
            </Space.Compact>
          </div>
          <div>
            <Typography.Text strong>{t('preview')}</Typography.Text>
            <iframe
              key={openings.count}
              title={t('preview')}
              src={previewLinkOf(link)}
              style={{
                width: '100%',
                height: 420,
                border: '1px solid #f0f0f0',
                borderRadius: 8,
                marginTop: 8,
              }}
            />
          </div>
        </Space>
      )}
      <AllowedSites isOpen={isOpen} />
    </Drawer>
  );
};
