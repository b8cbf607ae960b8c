import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Select, Space, Tag, Typography } from 'antd';
import {
  embedSiteLimit,
  isEmbedOrigin,
  normalizeEmbedOrigin,
  type EmbedSites,
  type Envelope,
} from '@openkefu/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../shared/api/http';
import { parseError } from '../../shared/api/parseError';
import { useProfile } from '../../shared/auth/profileStore';
import { EMBED_CODE_NS } from './i18n';

const sitesKey = ['embedCode', 'sites'] as const;

export const fetchEmbedSites = async (): Promise<string[]> =>
  (await http.get<Envelope<EmbedSites>>('/api/org/embed-sites')).data.sites;

export const saveEmbedSites = async (sites: string[]): Promise<string[]> =>
  (await http.post<Envelope<EmbedSites>>('/api/org/embed-sites', { sites })).data.sites;

/**
 * "Sites allowed to embed the chat" (issue 12): the chat page's frame-ancestors. Everyone who
 * opens the drawer sees the list; organisation admins (`admin` authority) change it.
 */
export const AllowedSites = ({ isOpen }: { isOpen: boolean }) => {
  const { t } = useTranslation(EMBED_CODE_NS);
  const { message } = App.useApp();
  const profile = useProfile();
  const queryClient = useQueryClient();
  const canEdit = profile?.authorities.includes('admin') ?? false;
  const saved = useQuery({ queryKey: sitesKey, queryFn: fetchEmbedSites, enabled: isOpen });
  const [draft, setDraft] = useState<string[] | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  // A fresh copy each time the drawer opens: another admin may have changed it.
  useEffect(() => {
    if (isOpen) setDraft(null);
  }, [isOpen]);

  const sites = draft ?? saved.data ?? [];
  const invalid = sites.filter((site) => !isEmbedOrigin(site));
  const isTooMany = sites.length > embedSiteLimit;
  const isDirty = draft !== null && draft.join('\n') !== (saved.data ?? []).join('\n');

  const save = useMutation({
    mutationFn: () => saveEmbedSites(sites.map(normalizeEmbedOrigin)),
    onSuccess: (stored) => {
      queryClient.setQueryData(sitesKey, stored);
      setDraft(null);
      setServerError(null);
      void message.success(t('sitesSaved'));
    },
    onError: (error) => {
      const parsed = parseError(error);
      setServerError(Object.values(parsed.fields)[0] ?? parsed.message);
    },
  });

  const validation =
    invalid.length > 0
      ? t('sitesInvalid', { site: invalid[0] })
      : isTooMany
        ? t('sitesTooMany', { limit: embedSiteLimit })
        : serverError;

  return (
    <Form layout="vertical" style={{ marginTop: 24 }}>
      <Form.Item
        label={t('sites')}
        validateStatus={validation ? 'error' : undefined}
        help={validation ?? (sites.length === 0 ? t('sitesAny') : t('sitesListed'))}
      >
        <Select
          mode="tags"
          aria-label={t('sites')}
          placeholder={t('sitesPlaceholder')}
          value={sites}
          disabled={!canEdit}
          loading={saved.isLoading}
          open={false}
          suffixIcon={null}
          tokenSeparators={[',', ' ', '\n']}
          onChange={(values: string[]) => {
            setServerError(null);
            setDraft(values.map((value) => value.trim()).filter((value) => value !== ''));
          }}
          tagRender={({ value, closable, onClose }) => (
            <Tag
              color={isEmbedOrigin(String(value)) ? undefined : 'error'}
              closable={closable}
              onClose={onClose}
              style={{ marginInlineEnd: 4 }}
            >
              {String(value)}
            </Tag>
          )}
        />
      </Form.Item>
      {saved.error && (
        <Alert
          type="error"
          showIcon
          title={t('sitesLoadFailed', { reason: parseError(saved.error).message })}
        />
      )}
      {canEdit ? (
        <Space>
          <Button
            type="primary"
            onClick={() => save.mutate()}
            loading={save.isPending}
            disabled={!isDirty || invalid.length > 0 || isTooMany}
          >
            {t('sitesSave')}
          </Button>
          {isDirty && <Button onClick={() => setDraft(null)}>{t('sitesReset')}</Button>}
        </Space>
      ) : (
        <Typography.Text type="secondary">{t('sitesAdminOnly')}</Typography.Text>
      )}
    </Form>
  );
};
