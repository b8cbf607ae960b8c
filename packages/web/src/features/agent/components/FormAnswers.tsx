import '../../kefu/form/i18n';
import { Descriptions, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formBuiltinKeys } from '@openkefu/contract';
import { fetchFormAnswers } from '../../kefu/form/api';
import { KEFU_FORM_NS } from '../../kefu/form/i18n';

const isBuiltin = (key: string): key is (typeof formBuiltinKeys)[number] =>
  (formBuiltinKeys as readonly string[]).includes(key);

/** What the visitor answered in the pre-chat form before this conversation; nothing when there was no form. */
export const FormAnswers = ({ tid }: { tid: string }) => {
  const { t } = useTranslation(KEFU_FORM_NS);
  const answers = useQuery({
    queryKey: ['workbench', 'form-answers', tid],
    queryFn: () => fetchFormAnswers(tid),
    // Answers are given before the conversation exists and never change afterwards.
    staleTime: Infinity,
  });
  if (answers.isError)
    return (
      <Typography.Text type="secondary" className="ok-wb-form-answers">
        {t('answers.loadFailed')}
      </Typography.Text>
    );
  if (!answers.data || answers.data.answers.length === 0) return null;
  return (
    <div className="ok-wb-form-answers" data-testid="form-answers">
      <Typography.Title level={5}>{t('answers.title')}</Typography.Title>
      <Descriptions
        size="small"
        column={1}
        colon={false}
        items={answers.data.answers.map((answer) => ({
          key: answer.key,
          // A built-in field without its own label is named in the agent's language.
          label: answer.label || (isBuiltin(answer.key) ? t(`builtins.${answer.key}`) : answer.key),
          children: <Typography.Text copyable={{ text: answer.value }}>{answer.value}</Typography.Text>,
        }))}
      />
    </div>
  );
};
