import { useEffect, useState } from 'react';
import { Form, Modal, Select, Tag, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { RobotTrainingGroup } from '@openkefu/contract';
import { parseError } from '../../../../shared/api/parseError';
import { reportUnlessHandled } from '../../../../shared/api/reportError';
import { formatScore } from '../../shared/display';
import { resolveTraining, searchFaqs } from '../api';
import { ROBOT_INSIGHT_NS } from '../i18n';
import { phrasings } from './trainingForm';

/** Picks the FAQ a group's phrasings become similar questions of (prefilled with the robot's suggestion). */
export const AddToFaqModal = ({
  group,
  onClose,
  onResolved,
}: {
  group: RobotTrainingGroup;
  onClose: () => void;
  onResolved: () => void;
}) => {
  const { t } = useTranslation(ROBOT_INSIGHT_NS);
  const [typed, setTyped] = useState('');
  const [keyword, setKeyword] = useState('');
  const [aid, setAid] = useState<string | undefined>(group.suggestion?.aid);
  const [saving, setSaving] = useState(false);
  // Searches once typing pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const faqs = useQuery({
    queryKey: ['robot', 'training', 'faqSearch', keyword],
    queryFn: () => searchFaqs(keyword),
    placeholderData: keepPreviousData,
  });
  const questions = phrasings(group.questions.length > 0 ? group.questions : [group.question]);

  const options = (faqs.data ?? []).map((faq) => ({ value: faq.aid, label: faq.question }));
  if (group.suggestion && !options.some((option) => option.value === group.suggestion?.aid))
    options.unshift({ value: group.suggestion.aid, label: group.suggestion.question });

  const submit = async () => {
    if (!aid) return;
    setSaving(true);
    try {
      await resolveTraining({ keys: group.keys, action: 'similar', faqAid: aid, questions });
      onResolved();
    } catch (error) {
      reportUnlessHandled(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('training.addTitle')}
      okText={t('training.add')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ disabled: !aid, loading: saving }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label={t('training.faq')}
          htmlFor="robot-training-faq"
          help={
            faqs.isError
              ? t('training.faqSearchFailed', { message: parseError(faqs.error).message })
              : undefined
          }
          validateStatus={faqs.isError ? 'error' : undefined}
          extra={
            group.suggestion
              ? t('training.suggested', {
                  question: group.suggestion.question,
                  score: formatScore(group.suggestion.score),
                })
              : undefined
          }
        >
          <Select
            id="robot-training-faq"
            aria-label={t('training.faq')}
            showSearch={{ filterOption: false, onSearch: setTyped }}
            placeholder={t('training.faqPlaceholder')}
            loading={faqs.isFetching}
            value={aid}
            onChange={setAid}
            options={options}
            notFoundContent={faqs.isFetching ? null : t('training.noFaqs')}
          />
        </Form.Item>
        <Typography.Text type="secondary">
          {t('training.phrasingsToAdd', { count: questions.length })}
        </Typography.Text>
        <div style={{ marginTop: 8 }}>
          {questions.map((question) => (
            <Tag key={question}>{question}</Tag>
          ))}
        </div>
      </Form>
    </Modal>
  );
};
