import {
  Button,
  Checkbox,
  Col,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Radio,
  Rate,
  Row,
  type FormInstance,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { KB_NS } from '../shared/i18n';
import { EXPLANATION_MAX, OPTION_KEYS, OPTION_MAX, type ArticleFormValues } from './articleForm';

/** The question bank's fields (type tiku): question type, options A–H, right answer(s), explanation, difficulty. */
export const QuestionFields = ({ form }: { form: FormInstance<ArticleFormValues> }) => {
  const { t } = useTranslation(KB_NS);
  const questionType = Form.useWatch('questionType', form) ?? 'single';
  const options = Form.useWatch('options', form) ?? [];
  const isChoice = questionType !== 'short';
  const keys = OPTION_KEYS.slice(0, options.length);

  return (
    <fieldset className="ok-kb-editor__fieldset">
      <legend>{t('question.legend')}</legend>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="questionType" label={t('question.type')} rules={[{ required: true }]}>
            <Radio.Group
              optionType="button"
              options={(['single', 'multiple', 'short'] as const).map((value) => ({
                value,
                label: t(`question.types.${value}`),
              }))}
              onChange={() => form.setFieldValue('answerKeys', [])}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="difficulty"
            label={t('question.difficulty')}
            rules={[{ required: true, message: t('validation.difficultyRequired') }]}
          >
            <Rate count={5} />
          </Form.Item>
        </Col>
      </Row>
      {isChoice && (
        <Form.List
          name="options"
          rules={[
            {
              validator: async (_, list: unknown[] | undefined) => {
                if ((list ?? []).length < 2) throw new Error(t('validation.optionsMin'));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <div className="ok-kb-editor__options">
              {fields.map((field, index) => (
                <Form.Item
                  key={field.key}
                  label={t('question.option', { key: OPTION_KEYS[index] })}
                  required
                  className="ok-kb-editor__option"
                >
                  <div className="ok-kb-editor__option-row">
                    <Form.Item
                      name={[field.name, 'text']}
                      noStyle
                      rules={[
                        {
                          required: true,
                          whitespace: true,
                          message: t('validation.optionRequired', { key: OPTION_KEYS[index] }),
                        },
                        {
                          max: OPTION_MAX,
                          message: t('validation.tooLong', {
                            field: t('question.option', { key: OPTION_KEYS[index] }),
                            max: OPTION_MAX,
                          }),
                        },
                      ]}
                    >
                      <Input
                        aria-label={t('question.option', { key: OPTION_KEYS[index] })}
                        maxLength={OPTION_MAX}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('question.removeOption', { key: OPTION_KEYS[index] })}
                      disabled={fields.length <= 2}
                      onClick={() => {
                        remove(field.name);
                        form.setFieldValue('answerKeys', []);
                      }}
                    />
                  </div>
                </Form.Item>
              ))}
              <Form.ErrorList errors={errors} />
              {fields.length < OPTION_KEYS.length && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ text: '' })}>
                  {t('question.addOption')}
                </Button>
              )}
            </div>
          )}
        </Form.List>
      )}
      {isChoice ? (
        <Form.Item
          name="answerKeys"
          label={t('question.answer')}
          rules={[
            {
              validator: async (_, value: string[] | string | undefined) => {
                const chosen = Array.isArray(value) ? value : value ? [value] : [];
                if (chosen.length === 0) throw new Error(t('validation.answerRequired'));
                if (questionType === 'single' && chosen.length > 1)
                  throw new Error(t('validation.answerSingle'));
              },
            },
          ]}
          getValueFromEvent={(event: unknown) =>
            Array.isArray(event)
              ? event
              : typeof event === 'object' && event !== null && 'target' in event
                ? [(event as { target: { value: string } }).target.value]
                : []
          }
          getValueProps={(value: string[] | undefined) =>
            questionType === 'single' ? { value: value?.[0] } : { value: value ?? [] }
          }
        >
          {questionType === 'single' ? (
            <Radio.Group options={keys.map((key) => ({ value: key, label: key }))} />
          ) : (
            <Checkbox.Group options={keys.map((key) => ({ value: key, label: key }))} />
          )}
        </Form.Item>
      ) : (
        <Form.Item
          name="answerText"
          label={t('question.modelAnswer')}
          rules={[{ required: true, whitespace: true, message: t('validation.modelAnswerRequired') }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={2000} />
        </Form.Item>
      )}
      <Form.Item
        name="explanation"
        label={t('question.explanation')}
        rules={[
          {
            max: EXPLANATION_MAX,
            message: t('validation.tooLong', { field: t('question.explanation'), max: EXPLANATION_MAX }),
          },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={EXPLANATION_MAX} />
      </Form.Item>
    </fieldset>
  );
};

/** A tender notice's fields (type zhaobiao). */
export const TenderFields = () => {
  const { t } = useTranslation(KB_NS);
  return (
    <fieldset className="ok-kb-editor__fieldset">
      <legend>{t('tender.legend')}</legend>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="buyer"
            label={t('tender.buyer')}
            rules={[{ max: 200, message: t('validation.tooLong', { field: t('tender.buyer'), max: 200 }) }]}
          >
            <Input maxLength={200} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="region"
            label={t('tender.region')}
            rules={[{ max: 100, message: t('validation.tooLong', { field: t('tender.region'), max: 100 }) }]}
          >
            <Input maxLength={100} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="budget" label={t('tender.budgetYuan')}>
            <InputNumber min={0} max={1e13} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="deadline" label={t('tender.deadline')}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="sourceUrl"
            label={t('tender.sourceUrl')}
            rules={[
              {
                pattern: /^https?:\/\/\S+$/i,
                message: t('validation.url', { field: t('tender.sourceUrl') }),
              },
            ]}
          >
            <Input placeholder="https://" maxLength={2000} />
          </Form.Item>
        </Col>
      </Row>
    </fieldset>
  );
};
