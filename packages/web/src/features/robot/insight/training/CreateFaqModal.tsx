import { useRef, useState } from 'react';
import { Form, Input, Modal, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RobotTrainingGroup } from '@openkefu/contract';
import { reportUnlessHandled, showFormError } from '../../../../shared/api/reportError';
import { createFaq, resolveTraining } from '../api';
import { ROBOT_INSIGHT_NS } from '../i18n';
import { phrasings, textToAnswerHtml } from './trainingForm';

type Values = { question: string; answer: string };

/** A new FAQ for a group: its question (prefilled), an answer, and the group's other phrasings as similar questions. */
export const CreateFaqModal = ({
  group,
  onClose,
  onResolved,
}: {
  group: RobotTrainingGroup;
  onClose: () => void;
  onResolved: () => void;
}) => {
  const { t } = useTranslation(ROBOT_INSIGHT_NS);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  // When the FAQ was created but resolving failed, trying again only resolves (no second FAQ).
  const created = useRef<string | null>(null);

  const submit = async (values: Values) => {
    const question = values.question.trim();
    const similarQuestions = phrasings(group.questions).filter((item) => item !== question);
    setSaving(true);
    try {
      if (created.current === null) {
        try {
          const faq = await createFaq({
            question,
            similarQuestions,
            answer: textToAnswerHtml(values.answer),
          });
          created.current = faq.aid;
        } catch (error) {
          showFormError(form, error, ['question', 'answer']);
          return;
        }
      }
      await resolveTraining({ keys: group.keys, action: 'faq', faqAid: created.current });
      onResolved();
    } catch (error) {
      reportUnlessHandled(error);
    } finally {
      setSaving(false);
    }
  };

  const others = phrasings(group.questions).filter((item) => item !== group.question.trim());

  return (
    <Modal
      open
      title={t('training.createTitle')}
      okText={t('training.create')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ loading: saving, htmlType: 'submit', form: 'robot-training-create' }}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        id="robot-training-create"
        form={form}
        layout="vertical"
        initialValues={{ question: group.question, answer: '' }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item
          name="question"
          label={t('training.question')}
          rules={[{ required: true, whitespace: true, message: t('training.questionRequired') }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="answer"
          label={t('training.answer')}
          rules={[{ required: true, whitespace: true, message: t('training.answerRequired') }]}
        >
          <Input.TextArea rows={5} maxLength={5000} />
        </Form.Item>
        {others.length > 0 && (
          <>
            <Typography.Text type="secondary">
              {t('training.similarToAdd', { count: others.length })}
            </Typography.Text>
            <div style={{ marginTop: 8 }}>
              {others.map((question) => (
                <Tag key={question}>{question}</Tag>
              ))}
            </div>
          </>
        )}
      </Form>
    </Modal>
  );
};
