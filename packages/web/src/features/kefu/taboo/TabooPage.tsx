import './i18n';
import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { KEFU_TABOO_NS } from './i18n';
import { TabooHitTable } from './TabooHitTable';
import { TabooModeSetting } from './TabooModeSetting';
import { TabooWordTable } from './TabooWordTable';

/**
 * Kefu → sensitive words (`/stable/kefu/taboo`): the organisation's words (and the platform's,
 * read-only), how hits are handled (mask or refuse), and the hits recorded in conversations.
 */
export const TabooPage = () => {
  const { t } = useTranslation(KEFU_TABOO_NS);
  return (
    <>
      <Card size="small" style={{ marginBottom: 16 }}>
        <TabooModeSetting />
      </Card>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'words', label: t('tabs.words'), children: <TabooWordTable scope="org" /> },
          { key: 'hits', label: t('tabs.hits'), children: <TabooHitTable /> },
        ]}
      />
    </>
  );
};
