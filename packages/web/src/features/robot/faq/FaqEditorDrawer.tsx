import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  App,
  Button,
  Col,
  Drawer,
  Form,
  Input,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Typography,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Category, Faq } from '@openkefu/contract';
import { isHttpError } from '../../../shared/api/http';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { RichTextEditor } from '../../../shared/editor';
import { createFaq, fetchFaq, fetchFaqPage, updateFaq } from '../shared/api';
import { formatTime } from '../shared/display';
import { useWorkgroupOptions } from '../shared/hooks';
import { ROBOT_NS } from '../shared/i18n';
import {
  bodyOf,
  CATEGORIES_MAX,
  formFieldOf,
  hasAnswer,
  initialValues,
  QUESTION_MAX,
  RELATED_MAX,
  sameQuestion,
  SIMILAR_MAX,
  type FaqFormValues,
} from './faqForm';

export type FaqEditorDrawerProps = {
  /** null: a new FAQ. */
  aid: string | null;
  categories: Category[];
  /** A new FAQ starts in the category chosen in the list's panel. */
  defaultCategory?: string;
  /** The user may save (add for a new FAQ, edit for an existing one). */
  canEdit: boolean;
  onClose: () => void;
  onSaved: (faq: Faq, isNew: boolean) => void;
};

/** FAQs to offer as related: those matching what the user types, without this one. */
const useRelatedOptions = (faq: Faq | null, keyword: string, isActive: boolean) => {
  const search = useQuery({
    queryKey: ['robot', 'faqSearch', keyword],
    queryFn: () => fetchFaqPage({ page: 0, size: 20, keyword: keyword || undefined }),
    // Only once the picker is used: opening the editor costs no search.
    enabled: isActive,
    staleTime: 10_000,
  });
  return useMemo(() => {
    const options = new Map<string, string>();
    // The chosen ones keep their names even when the search no longer finds them.
    for (const brief of faq?.related ?? []) options.set(brief.aid, brief.question);
    for (const row of search.data?.content ?? []) options.set(row.aid, row.question);
    if (faq) options.delete(faq.aid);
    return {
      options: [...options].map(([value, label]) => ({ value, label })),
      isLoading: search.isFetching,
    };
  }, [faq, search.data, search.isFetching]);
};

/**
 * Writes and edits a FAQ: the question and its other phrasings, the answer in the shared
 * rich-text editor, categories, skill groups, welcome / recommend / enabled and related FAQs.
 * The server's field errors land under their inputs.
 */
export const FaqEditorDrawer = ({
  aid,
  categories,
  defaultCategory,
  canEdit,
  onClose,
  onSaved,
}: FaqEditorDrawerProps) => {
  const { t } = useTranslation(ROBOT_NS);
  const { message: toast, modal } = App.useApp();
  const [form] = Form.useForm<FaqFormValues>();
  const workgroups = useWorkgroupOptions();
  const [isDirty, setDirty] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const [faq, setFaq] = useState<Faq | null>(null);
  const [relatedKeyword, setRelatedKeyword] = useState('');
  const [isRelatedActive, setRelatedActive] = useState(false);
  const loaded = useRef<string | null>(null);
  const isNew = aid === null;
  const related = useRelatedOptions(faq, relatedKeyword, isRelatedActive);

  const query = useQuery({
    queryKey: ['robot', 'faq', aid],
    queryFn: () => fetchFaq(aid as string),
    enabled: !isNew,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });

  const load = (next: Faq | null) => {
    setFaq(next);
    form.resetFields();
    form.setFieldsValue(initialValues(next, defaultCategory));
    setDirty(false);
  };

  // Fill the form once per loaded FAQ (a save brings a newer one).
  useEffect(() => {
    if (isNew) {
      if (loaded.current !== 'new') {
        loaded.current = 'new';
        load(null);
      }
      return;
    }
    const data = query.data;
    if (!data) return;
    const stamp = `${data.aid}@${data.updatedAt}`;
    if (loaded.current === stamp) return;
    loaded.current = stamp;
    load(data);
    // `load` only reads stable values; the loaded stamp is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isNew, query.data]);

  const requestClose = () => {
    if (!isDirty) {
      onClose();
      return;
    }
    modal.confirm({
      title: t('editor.discardTitle'),
      content: t('editor.discardHint'),
      okText: t('editor.discard'),
      okButtonProps: { danger: true },
      cancelText: t('editor.keepEditing'),
      onOk: onClose,
    });
  };

  const showFieldErrors = (error: unknown): boolean => {
    const entries = Object.entries(parseError(error).fields)
      .map(([field, message]) => {
        const name = formFieldOf(field);
        return name ? { name, errors: [message] } : null;
      })
      .filter((entry): entry is { name: (string | number)[]; errors: string[] } => entry !== null);
    if (entries.length === 0) return false;
    form.setFields(entries as never);
    return true;
  };

  const save = async () => {
    let values: FaqFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = bodyOf(values);
      const saved = faq ? await updateFaq({ ...body, aid: faq.aid }) : await createFaq(body);
      loaded.current = `${saved.aid}@${saved.updatedAt}`;
      setFaq(saved);
      setDirty(false);
      void toast.success(faq ? t('editor.saved') : t('editor.created'));
      onSaved(saved, !faq);
    } catch (error) {
      // A 409 (the same question exists) names no field: put it under the question.
      if (isHttpError(error) && error.status === 409)
        form.setFields([{ name: 'question', errors: [parseError(error).message] }]);
      else if (!showFieldErrors(error)) reportUnlessHandled(error);
    } finally {
      setSaving(false);
    }
  };

  const isReadOnly = !canEdit;
  const title = isNew
    ? t('editor.newTitle')
    : faq
      ? t('editor.editTitle', { question: faq.question })
      : t('editor.loading');

  const footer = (
    <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
      <Button onClick={requestClose}>{t('actions.cancel')}</Button>
      {!isReadOnly && (
        <Button type="primary" loading={isSaving} onClick={() => void save()}>
          {t('actions.save')}
        </Button>
      )}
    </Space>
  );

  return (
    <Drawer
      open
      title={<span className="ok-robot-editor__title">{title}</span>}
      size={860}
      onClose={requestClose}
      maskClosable={false}
      keyboard={!isDirty}
      footer={query.isError ? null : footer}
      destroyOnHidden
      className="ok-robot-editor"
    >
      {query.isError ? (
        <Result
          status={isHttpError(query.error) && query.error.status === 404 ? '404' : 'error'}
          title={parseError(query.error).message}
          extra={<Button onClick={onClose}>{t('actions.close')}</Button>}
        />
      ) : !isNew && query.isPending ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Form<FaqFormValues>
          form={form}
          layout="vertical"
          name="robot-faq"
          disabled={isReadOnly}
          onValuesChange={() => setDirty(true)}
          scrollToFirstError
        >
          {faq && (
            <Typography.Paragraph type="secondary">
              {t('editor.meta', {
                count: faq.queryCount,
                helpful: faq.rateHelpful,
                useless: faq.rateUseless,
                time: formatTime(faq.updatedAt),
              })}
            </Typography.Paragraph>
          )}
          {isReadOnly && (
            <Alert type="info" showIcon title={t('editor.readOnly')} style={{ marginBottom: 16 }} />
          )}
          <Form.Item
            name="question"
            label={t('fields.question')}
            rules={[
              { required: true, whitespace: true, message: t('validation.questionRequired') },
              {
                max: QUESTION_MAX,
                message: t('validation.tooLong', { field: t('fields.question'), max: QUESTION_MAX }),
              },
            ]}
          >
            <Input maxLength={QUESTION_MAX} showCount />
          </Form.Item>
          <Form.List name="similarQuestions">
            {(fields, { add, remove }) => (
              <Form.Item label={t('fields.similarQuestions')} extra={t('fields.similarHint')}>
                {fields.map((field, index) => (
                  <div key={field.key} className="ok-robot-editor__similar">
                    <Form.Item
                      name={[field.name, 'text']}
                      style={{ flex: 1, marginBottom: 8 }}
                      dependencies={['question']}
                      rules={[
                        { required: true, whitespace: true, message: t('validation.similarRequired') },
                        {
                          max: QUESTION_MAX,
                          message: t('validation.tooLong', {
                            field: t('fields.similarQuestion', { index: index + 1 }),
                            max: QUESTION_MAX,
                          }),
                        },
                        {
                          validator: async (_, text: string | undefined) => {
                            if (!text?.trim()) return;
                            const values = form.getFieldsValue(true) as FaqFormValues;
                            if (sameQuestion(text, values.question ?? ''))
                              throw new Error(t('validation.similarIsQuestion'));
                            const earlier = (values.similarQuestions ?? []).slice(0, index);
                            if (earlier.some((item) => sameQuestion(item?.text ?? '', text)))
                              throw new Error(t('validation.similarRepeated'));
                          },
                        },
                      ]}
                    >
                      <Input
                        maxLength={QUESTION_MAX}
                        aria-label={t('fields.similarQuestion', { index: index + 1 })}
                      />
                    </Form.Item>
                    {!isReadOnly && (
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={t('fields.removeSimilar', { index: index + 1 })}
                        onClick={() => remove(field.name)}
                      />
                    )}
                  </div>
                ))}
                {!isReadOnly && fields.length < SIMILAR_MAX && (
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ text: '' })}>
                    {t('fields.addSimilar')}
                  </Button>
                )}
                {fields.length >= SIMILAR_MAX && (
                  <Typography.Text type="secondary">
                    {t('fields.similarLimit', { max: SIMILAR_MAX })}
                  </Typography.Text>
                )}
              </Form.Item>
            )}
          </Form.List>
          <Form.Item
            name="answer"
            label={t('fields.answer')}
            rules={[
              {
                validator: async (_, value: FaqFormValues['answer'] | undefined) => {
                  if (!hasAnswer(value)) throw new Error(t('validation.answerRequired'));
                },
              },
            ]}
          >
            <RichTextEditor ariaLabel={t('fields.answer')} disabled={isReadOnly} minHeight={200} />
          </Form.Item>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="categories"
                label={t('fields.categories')}
                rules={[
                  {
                    type: 'array',
                    max: CATEGORIES_MAX,
                    message: t('validation.tooMany', { field: t('fields.categories'), max: CATEGORIES_MAX }),
                  },
                ]}
              >
                <Select
                  mode="multiple"
                  allowClear
                  optionFilterProp="label"
                  placeholder={t('fields.categoriesHint')}
                  options={categories.map((category) => ({ value: category.cid, label: category.name }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="workGroups" label={t('fields.workGroups')} extra={t('fields.workGroupsHint')}>
                <Select
                  mode="multiple"
                  allowClear
                  optionFilterProp="label"
                  placeholder={t('common.allGroups')}
                  loading={workgroups.isLoading}
                  options={workgroups.options}
                />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={8}>
              <Form.Item
                name="welcome"
                label={t('fields.welcome')}
                tooltip={t('fields.welcomeHint')}
                valuePropName="checked"
              >
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={8}>
              <Form.Item
                name="recommend"
                label={t('fields.recommend')}
                tooltip={t('fields.recommendHint')}
                valuePropName="checked"
              >
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={8}>
              <Form.Item
                name="enabled"
                label={t('fields.enabled')}
                tooltip={t('fields.enabledHint')}
                valuePropName="checked"
              >
                <Switch />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="related"
            label={t('fields.related')}
            extra={t('fields.relatedHint', { max: RELATED_MAX })}
            rules={[
              {
                type: 'array',
                max: RELATED_MAX,
                message: t('validation.tooMany', { field: t('fields.related'), max: RELATED_MAX }),
              },
            ]}
          >
            <Select
              mode="multiple"
              allowClear
              showSearch={{ filterOption: false, onSearch: (text) => setRelatedKeyword(text.trim()) }}
              onFocus={() => setRelatedActive(true)}
              loading={related.isLoading}
              options={related.options}
              placeholder={t('fields.relatedPlaceholder')}
              notFoundContent={t('fields.relatedNone')}
            />
          </Form.Item>
        </Form>
      )}
    </Drawer>
  );
};
