import '../shared/i18n';
import { useState } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { KB_NS } from '../shared/i18n';
import { ArticleList } from '../list/ArticleList';
import { PracticePanel } from './PracticePanel';

/** Knowledge base → question bank (`/stable/kb/tikulist`): the questions, and a practice mode. */
export const TikuPage = () => {
  const { t } = useTranslation(KB_NS);
  const [tab, setTab] = useState<'questions' | 'practice'>('questions');
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setTab(key as 'questions' | 'practice')}
      destroyOnHidden
      items={[
        { key: 'questions', label: t('practice.questionsTab'), children: <ArticleList type="tiku" /> },
        { key: 'practice', label: t('practice.tab'), children: <PracticePanel /> },
      ]}
    />
  );
};
