import './i18n';
import { useState } from 'react';
import { Alert, Card, Form, Radio, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../shared/auth/profileStore';
import { useLanguage } from '../../shared/i18n';
import { chatLinkOf, type EmbedChoice } from '../embed-code/snippet';
import { fetchWorkgroups } from './api';
import { CopyField } from './CopyField';
import { CHANNEL_NS } from './i18n';

/** WeChat (route without menu item): the H5 chat page's link for an official account's menu. */
export const WechatLinkPanel = () => {
  const { t } = useTranslation(CHANNEL_NS);
  const profile = useProfile();
  const consoleLanguage = useLanguage();
  const [wid, setWid] = useState<string>();
  const [language, setLanguage] = useState<EmbedChoice['language']>(consoleLanguage);
  const groups = useQuery({ queryKey: ['channel', 'workgroups'], queryFn: fetchWorkgroups });
  const chosenWid = wid ?? groups.data?.[0]?.wid;
  const link =
    chosenWid && profile
      ? chatLinkOf({
          origin: window.location.origin,
          subDomain: profile.subDomain,
          target: { kind: 'group', wid: chosenWid },
          style: 4,
          language,
        })
      : null;

  return (
    <Card size="small" title={t('wechat.title')}>
      <Form layout="vertical" component="div">
        <Form.Item label={t('wechat.workgroup')}>
          {groups.data && groups.data.length === 0 ? (
            <Alert type="info" showIcon title={t('wechat.noGroups')} />
          ) : (
            <Select
              aria-label={t('wechat.workgroup')}
              loading={groups.isLoading}
              value={chosenWid}
              onChange={setWid}
              options={(groups.data ?? []).map((group) => ({ value: group.wid, label: group.nickname }))}
            />
          )}
        </Form.Item>
        <Form.Item label={t('wechat.language')}>
          <Radio.Group
            value={language}
            onChange={(event) => setLanguage(event.target.value as EmbedChoice['language'])}
          >
            <Radio.Button value="zh-CN">简体中文</Radio.Button>
            <Radio.Button value="en-US">English</Radio.Button>
          </Radio.Group>
        </Form.Item>
        {link && (
          <Form.Item label={t('wechat.link')} style={{ marginBottom: 0 }}>
            <CopyField label={t('wechat.link')} value={link} copyLabel={t('details.copy')} />
          </Form.Item>
        )}
      </Form>
    </Card>
  );
};
