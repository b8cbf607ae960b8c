import '../shared/i18n';
import { useDeferredValue, useState } from 'react';
import { Alert, Collapse, Empty, Flex, Input, Skeleton, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchThesaurus } from '../shared/api';
import { ROBOT_NS } from '../shared/i18n';

const matches = (group: readonly string[], keyword: string) =>
  keyword === '' || group.some((word) => word.toLowerCase().includes(keyword));

/**
 * The built-in thesaurus below the core words: read-only, searchable, loaded when opened. It
 * explains why a visitor's "邮费" finds a FAQ that says "运费" without a core word for it, and
 * that the organisation's own core words take precedence.
 */
export const ThesaurusPanel = () => {
  const { t } = useTranslation(ROBOT_NS);
  const [open, setOpen] = useState(false);
  const [keyword, setKeyword] = useState('');
  const deferred = useDeferredValue(keyword.trim().toLowerCase());
  const query = useQuery({
    queryKey: ['robot', 'thesaurus'],
    queryFn: fetchThesaurus,
    enabled: open,
    staleTime: Infinity,
  });
  const groups = (query.data?.groups ?? []).filter((group) => matches(group, deferred));

  const body = query.isError ? (
    <Alert type="error" showIcon title={t('words.thesaurus.loadFailed')} />
  ) : query.isLoading ? (
    <Skeleton active paragraph={{ rows: 4 }} />
  ) : (
    <>
      <Typography.Paragraph type="secondary">{t('words.thesaurus.intro')}</Typography.Paragraph>
      <Input.Search
        allowClear
        placeholder={t('words.thesaurus.searchHint')}
        value={keyword}
        onChange={(event) => setKeyword(event.target.value)}
        style={{ maxWidth: 320, marginBottom: 12 }}
      />
      {groups.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('words.thesaurus.empty')} />
      ) : (
        <Flex vertical gap={8} role="list">
          {groups.map((group) => (
            <Flex key={group.join('|')} wrap gap={4} role="listitem">
              {group.map((word, index) => (
                <Tag key={word} color={index === 0 ? 'blue' : undefined}>
                  {word}
                </Tag>
              ))}
            </Flex>
          ))}
        </Flex>
      )}
    </>
  );

  return (
    <Collapse
      style={{ marginTop: 16 }}
      activeKey={open ? ['thesaurus'] : []}
      onChange={(keys) => setOpen(keys.includes('thesaurus'))}
      items={[
        {
          key: 'thesaurus',
          label: query.data
            ? t('words.thesaurus.titleWithCount', { count: query.data.groups.length })
            : t('words.thesaurus.title'),
          children: body,
        },
      ]}
    />
  );
};
