import { useEffect } from 'react';
import { App, Button, Card, List, Popconfirm, Tag, Typography } from 'antd';
import { WechatOutlined, WechatWorkOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { parseError } from '../../../shared/api/parseError';
import {
  fetchScanBindings,
  SCAN_BINDINGS_QUERY_KEY,
  startScanBinding,
  unbindScan,
  type ScanProvider,
} from '../api';
import { SETTINGS_NS } from '../i18n';

/**
 * WeChat / WeCom scan sign-in: bind takes the browser to the platform's QR page, which returns here
 * with `bound=<provider>` or `bindError=taken|platform` (the server's callback says which).
 */
export const ScanBindingCard = () => {
  const { t } = useTranslation(SETTINGS_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const { data, isLoading } = useQuery({ queryKey: SCAN_BINDINGS_QUERY_KEY, queryFn: fetchScanBindings });

  // The callback's verdict, said once and then taken out of the address.
  useEffect(() => {
    const bound = searchParams.get('bound');
    const failure = searchParams.get('bindError');
    if (!bound && !failure) return;
    if (bound) void message.success(t('binding.scan.bound', { provider: t(`binding.scan.${bound}`) }));
    else void message.error(t(failure === 'taken' ? 'binding.scan.taken' : 'binding.scan.failed'));
    const next = new URLSearchParams(searchParams);
    next.delete('bound');
    next.delete('bindError');
    setSearchParams(next, { replace: true });
  }, [searchParams, setSearchParams, message, t]);

  const bind = useMutation({
    mutationFn: startScanBinding,
    onSuccess: (url) => window.location.assign(url),
    onError: (error) => void message.error(parseError(error).message),
  });
  const unbind = useMutation({
    mutationFn: unbindScan,
    onSuccess: async (_result, provider) => {
      void message.success(t('binding.scan.unbound', { provider: t(`binding.scan.${provider}`) }));
      await queryClient.invalidateQueries({ queryKey: SCAN_BINDINGS_QUERY_KEY });
    },
    onError: (error) => void message.error(parseError(error).message),
  });

  const providers: ScanProvider[] = [
    ...new Set([...(data?.available ?? []), ...(data?.bound ?? []).map((binding) => binding.provider)]),
  ];
  if (!isLoading && providers.length === 0) return null;

  return (
    <Card title={t('binding.scan.title')} loading={isLoading}>
      <Typography.Paragraph type="secondary">{t('binding.scan.intro')}</Typography.Paragraph>
      <List
        dataSource={providers}
        renderItem={(provider) => {
          const binding = data?.bound.find((item) => item.provider === provider);
          const name = t(`binding.scan.${provider}`);
          return (
            <List.Item
              actions={[
                binding ? (
                  <Popconfirm
                    key="unbind"
                    title={t('binding.scan.unbindConfirm', { provider: name })}
                    onConfirm={() => unbind.mutate(provider)}
                  >
                    <Button danger loading={unbind.isPending && unbind.variables === provider}>
                      {t('binding.scan.unbind')}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button
                    key="bind"
                    type="primary"
                    disabled={!data?.available.includes(provider)}
                    loading={bind.isPending && bind.variables === provider}
                    onClick={() => bind.mutate(provider)}
                  >
                    {t('binding.scan.bind')}
                  </Button>
                ),
              ]}
            >
              <List.Item.Meta
                avatar={provider === 'wechat' ? <WechatOutlined /> : <WechatWorkOutlined />}
                title={name}
                description={
                  binding ? (
                    <Tag color="green">
                      {t('binding.scan.boundSince', { date: new Date(binding.boundAt).toLocaleDateString() })}
                    </Tag>
                  ) : (
                    <Tag>{t('binding.notBound')}</Tag>
                  )
                }
              />
            </List.Item>
          );
        }}
      />
    </Card>
  );
};
