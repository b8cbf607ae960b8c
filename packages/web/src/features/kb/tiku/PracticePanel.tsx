import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Empty,
  Form,
  Input,
  InputNumber,
  List,
  Progress,
  Radio,
  Space,
  Statistic,
  Tag,
  TreeSelect,
  Typography,
} from 'antd';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TikuAttemptResult, TikuPracticeQuestion } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { fetchPractice, submitAttempt } from '../shared/api';
import { toTreeOptions } from '../shared/categoryTree';
import { useCategoryTree } from '../shared/hooks';
import { KB_NS } from '../shared/i18n';

type Answers = Record<string, string[]>;

const ResultTag = ({ correct }: { correct: boolean | null }) => {
  const { t } = useTranslation(KB_NS);
  if (correct === null) return <Tag>{t('practice.notScored')}</Tag>;
  return correct ? (
    <Tag color="green">{t('practice.right')}</Tag>
  ) : (
    <Tag color="red">{t('practice.wrong')}</Tag>
  );
};

const QuestionInput = ({
  question,
  value,
  onChange,
}: {
  question: TikuPracticeQuestion;
  value: string[];
  onChange: (answer: string[]) => void;
}) => {
  const { t } = useTranslation(KB_NS);
  const options = question.options.map((option) => ({
    value: option.key,
    label: `${option.key}. ${option.text}`,
  }));
  if (question.questionType === 'single')
    return (
      <Radio.Group
        className="ok-kb-practice__choices"
        options={options}
        value={value[0]}
        onChange={(event) => onChange([event.target.value as string])}
        style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
      />
    );
  if (question.questionType === 'multiple')
    return (
      <Checkbox.Group
        options={options}
        value={value}
        onChange={(checked) => onChange(checked.map(String))}
        style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
      />
    );
  return (
    <Input.TextArea
      aria-label={t('practice.yourAnswer')}
      autoSize={{ minRows: 2, maxRows: 6 }}
      maxLength={2000}
      value={value[0] ?? ''}
      onChange={(event) => onChange([event.target.value])}
    />
  );
};

/**
 * Question-bank practice: draws published questions at random (without answers), lets the user
 * answer, and shows the score and each question's result with the right answer and explanation.
 */
export const PracticePanel = () => {
  const { t } = useTranslation(KB_NS);
  const tree = useCategoryTree('tiku');
  const [size, setSize] = useState(10);
  const [category, setCategory] = useState<string | undefined>(undefined);
  const [questions, setQuestions] = useState<TikuPracticeQuestion[] | null>(null);
  const [answers, setAnswers] = useState<Answers>({});
  const [result, setResult] = useState<TikuAttemptResult | null>(null);

  const start = useMutation({
    mutationFn: () => fetchPractice(size, category),
    onSuccess: (drawn) => {
      setQuestions(drawn);
      setAnswers({});
      setResult(null);
    },
  });
  const submit = useMutation({
    mutationFn: () =>
      submitAttempt({
        answers: (questions ?? []).map((question) => ({
          aid: question.aid,
          answer: (answers[question.aid] ?? []).map((answer) => answer.trim()).filter(Boolean),
        })),
      }),
    onSuccess: setResult,
    onError: reportUnlessHandled,
  });

  const unanswered = (questions ?? []).filter(
    (question) => (answers[question.aid] ?? []).filter((answer) => answer.trim() !== '').length === 0,
  ).length;

  return (
    <div className="ok-kb-section">
      <Form layout="inline" className="ok-kb-toolbar" onFinish={() => start.mutate()}>
        <Form.Item label={t('practice.size')} htmlFor="kb-practice-size">
          <InputNumber
            id="kb-practice-size"
            min={1}
            max={50}
            value={size}
            onChange={(value) => setSize(value ?? 10)}
          />
        </Form.Item>
        <Form.Item label={t('practice.category')} htmlFor="kb-practice-category">
          <TreeSelect
            id="kb-practice-category"
            allowClear
            style={{ width: 220 }}
            placeholder={t('categories.all')}
            value={category}
            onChange={(value: string | undefined) => setCategory(value)}
            treeData={toTreeOptions(tree.data ?? [])}
            fieldNames={{ label: 'title', value: 'value', children: 'children' }}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={start.isPending}>
          {questions ? t('practice.restart') : t('practice.start')}
        </Button>
      </Form>
      {start.isError && <Alert type="error" showIcon title={parseError(start.error).message} />}
      {questions === null ? (
        <Typography.Paragraph type="secondary">{t('practice.intro')}</Typography.Paragraph>
      ) : questions.length === 0 ? (
        <Empty description={t('practice.none')} />
      ) : result ? (
        <>
          <Card className="ok-kb-practice__score">
            <Space size={32} wrap align="center">
              <Progress
                type="circle"
                percent={result.score}
                format={(percent) => t('practice.scoreValue', { score: percent })}
                aria-label={t('practice.score')}
              />
              <Statistic title={t('practice.score')} value={result.score} suffix="/ 100" />
              <Statistic title={t('practice.correct')} value={result.correct} suffix={`/ ${result.scored}`} />
            </Space>
          </Card>
          <List
            dataSource={result.results}
            rowKey="aid"
            renderItem={(item, index) => (
              <List.Item>
                <div style={{ width: '100%' }}>
                  <Space align="start">
                    <ResultTag correct={item.correct} />
                    <Typography.Text strong>
                      {index + 1}. {item.title}
                    </Typography.Text>
                  </Space>
                  <dl className="ok-kb-practice__detail">
                    <dt>{t('practice.given')}</dt>
                    <dd>{item.given.length > 0 ? item.given.join(', ') : t('practice.noAnswer')}</dd>
                    <dt>
                      {item.questionType === 'short' ? t('practice.modelAnswer') : t('practice.expected')}
                    </dt>
                    <dd>{item.expected.join(', ')}</dd>
                    {item.explanation && (
                      <>
                        <dt>{t('practice.explanation')}</dt>
                        <dd>{item.explanation}</dd>
                      </>
                    )}
                  </dl>
                </div>
              </List.Item>
            )}
          />
          <Button type="primary" onClick={() => start.mutate()} loading={start.isPending}>
            {t('practice.again')}
          </Button>
        </>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit.mutate();
          }}
        >
          {questions.map((question, index) => (
            <fieldset key={question.aid} className="ok-kb-practice__question">
              <legend>
                {index + 1}. {question.title} <Tag>{t(`question.types.${question.questionType}`)}</Tag>
              </legend>
              <QuestionInput
                question={question}
                value={answers[question.aid] ?? []}
                onChange={(answer) => setAnswers((current) => ({ ...current, [question.aid]: answer }))}
              />
            </fieldset>
          ))}
          <Space>
            <Button type="primary" htmlType="submit" loading={submit.isPending}>
              {t('practice.submit')}
            </Button>
            {unanswered > 0 && (
              <Typography.Text type="secondary">
                {t('practice.unanswered', { count: unanswered })}
              </Typography.Text>
            )}
          </Space>
        </form>
      )}
    </div>
  );
};
