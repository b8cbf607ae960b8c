import { useEffect, useRef, useState } from 'react';
import dayjs from 'dayjs';
import {
  Alert,
  App,
  Button,
  Col,
  DatePicker,
  Drawer,
  Form,
  Input,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  TreeSelect,
  Typography,
} from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Article, ArticleType, CategoryTreeNode } from '@openkefu/contract';
import { isHttpError } from '../../../shared/api/http';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { RichTextEditor } from '../../../shared/editor';
import { createArticle, fetchArticle, updateArticle } from '../shared/api';
import { toTreeOptions } from '../shared/categoryTree';
import { ArticleStatusTag } from '../shared/display';
import { KB_NS } from '../shared/i18n';
import {
  bodyOf,
  CATEGORIES_MAX,
  formFieldOf,
  hasQuestion,
  hasTender,
  initialValues,
  KEYWORD_MAX,
  KEYWORDS_MAX,
  SUMMARY_MAX,
  TITLE_MAX,
  type ArticleFormValues,
} from './articleForm';
import { QuestionFields, TenderFields } from './TypeFields';
import { VersionHistoryDrawer } from './VersionHistoryDrawer';

export type ArticleEditorDrawerProps = {
  type: ArticleType;
  /** null: a new article. */
  aid: string | null;
  categoryTree: CategoryTreeNode[];
  /** A new article starts in the category chosen in the list's tree. */
  defaultCategory?: string;
  /** The user may save (add for a new article, edit for an existing one). */
  canEdit: boolean;
  onClose: () => void;
  onSaved: (article: Article, isNew: boolean) => void;
};

const DRAWER_WIDTH = 980;

/**
 * Writes and edits an article: its fields, the type's own fields (question, tender), the body in
 * the shared rich-text editor, publish now / at a time / keep as draft, and its versions. An
 * update names the version it edits; a 409 means someone else saved first and offers a reload.
 */
export const ArticleEditorDrawer = ({
  type,
  aid,
  categoryTree,
  defaultCategory,
  canEdit,
  onClose,
  onSaved,
}: ArticleEditorDrawerProps) => {
  const { t } = useTranslation(KB_NS);
  const { message: toast, modal } = App.useApp();
  const [form] = Form.useForm<ArticleFormValues>();
  const [isDirty, setDirty] = useState(false);
  const [saving, setSaving] = useState<'draft' | 'published' | null>(null);
  const [isHistoryOpen, setHistoryOpen] = useState(false);
  const [article, setArticle] = useState<Article | null>(null);
  const loaded = useRef<string | null>(null);
  const isNew = aid === null;

  const query = useQuery({
    queryKey: ['kb', 'article', aid],
    queryFn: () => fetchArticle(aid as string),
    enabled: !isNew,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });

  const load = (next: Article | null) => {
    setArticle(next);
    form.resetFields();
    form.setFieldsValue(initialValues(type, next, defaultCategory));
    setDirty(false);
  };

  // Fill the form once per loaded version (a reload after a 409 brings a newer one).
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
    const stamp = `${data.aid}@${data.version}`;
    if (loaded.current === stamp) return;
    loaded.current = stamp;
    load(data);
    // `load` only reads stable values; the loaded stamp is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isNew, query.data]);

  // Leaving the page (reload, closing the tab) with unsaved changes asks first.
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

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

  const reloadLatest = async () => {
    loaded.current = null;
    const result = await query.refetch();
    if (result.data) {
      loaded.current = `${result.data.aid}@${result.data.version}`;
      load(result.data);
    }
  };

  const showFieldErrors = (error: unknown): boolean => {
    const { fields } = parseError(error);
    const questionType = form.getFieldValue('questionType') as string | undefined;
    const entries = Object.entries(fields)
      .map(([field, message]) => {
        let name = formFieldOf(field);
        if (name?.[0] === 'answerKeys' && questionType === 'short') name = ['answerText'];
        return name ? { name, errors: [message] } : null;
      })
      .filter((entry): entry is { name: (string | number)[]; errors: string[] } => entry !== null);
    if (entries.length === 0) return false;
    form.setFields(entries as never);
    return true;
  };

  const save = async (status: 'draft' | 'published') => {
    let values: ArticleFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(status);
    try {
      const body = bodyOf(type, values, status);
      const saved = article
        ? await updateArticle({ ...body, aid: article.aid, version: article.version })
        : await createArticle({ ...body, type });
      loaded.current = `${saved.aid}@${saved.version}`;
      setArticle(saved);
      setDirty(false);
      void toast.success(
        t(
          status === 'draft'
            ? 'editor.savedDraft'
            : saved.status === 'scheduled'
              ? 'editor.savedScheduled'
              : 'editor.savedPublished',
          { time: saved.publishAt ? dayjs(saved.publishAt).format('YYYY-MM-DD HH:mm') : '' },
        ),
      );
      onSaved(saved, !article);
    } catch (error) {
      if (isHttpError(error) && error.status === 409) {
        modal.confirm({
          title: t('editor.conflictTitle'),
          content: (
            <>
              <p>{parseError(error).message}</p>
              <p>{t('editor.conflictHint')}</p>
            </>
          ),
          okText: t('editor.reload'),
          cancelText: t('editor.keepEditing'),
          onOk: reloadLatest,
        });
      } else if (!showFieldErrors(error)) {
        reportUnlessHandled(error);
      }
    } finally {
      setSaving(null);
    }
  };

  const publishAt = Form.useWatch('publishAt', form);
  const isScheduling = Boolean(publishAt && publishAt.isAfter(dayjs()));
  const isPublished = article?.status === 'published';
  const isReadOnly = !canEdit;

  const title = isNew
    ? t(`editor.newTitle.${type}`)
    : article
      ? t('editor.editTitle', { title: article.title })
      : t('editor.loading');

  const footer = (
    <div className="ok-kb-editor__footer">
      <Space>
        {!isNew && (
          <Button icon={<HistoryOutlined />} onClick={() => setHistoryOpen(true)} disabled={!article}>
            {t('editor.history')}
          </Button>
        )}
      </Space>
      <Space>
        <Button onClick={requestClose}>{t('actions.cancel')}</Button>
        {!isReadOnly && (
          <>
            <Button
              loading={saving === 'draft'}
              disabled={saving !== null}
              onClick={() => void save('draft')}
            >
              {isPublished ? t('editor.unpublishDraft') : t('editor.saveDraft')}
            </Button>
            <Button
              type="primary"
              loading={saving === 'published'}
              disabled={saving !== null}
              onClick={() => void save('published')}
            >
              {isScheduling ? t('editor.schedule') : isPublished ? t('editor.update') : t('editor.publish')}
            </Button>
          </>
        )}
      </Space>
    </div>
  );

  const isLoading = !isNew && query.isPending;

  return (
    <Drawer
      open
      title={<span className="ok-kb-editor__title">{title}</span>}
      size={DRAWER_WIDTH}
      onClose={requestClose}
      maskClosable={false}
      keyboard={!isDirty}
      footer={query.isError ? null : footer}
      destroyOnHidden
      className="ok-kb-editor"
    >
      {query.isError ? (
        <Result
          status={isHttpError(query.error) && query.error.status === 404 ? '404' : 'error'}
          title={parseError(query.error).message}
          extra={<Button onClick={onClose}>{t('actions.close')}</Button>}
        />
      ) : isLoading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Form<ArticleFormValues>
          form={form}
          layout="vertical"
          name={`kb-article-${type}`}
          disabled={isReadOnly}
          onValuesChange={() => setDirty(true)}
          scrollToFirstError
        >
          {article && (
            <Space className="ok-kb-editor__meta" wrap>
              <ArticleStatusTag article={article} />
              <Typography.Text type="secondary">
                {t('editor.versionInfo', {
                  version: article.version,
                  time: dayjs(article.updatedAt).format('YYYY-MM-DD HH:mm'),
                  author: article.author?.nickname ?? t('none'),
                })}
              </Typography.Text>
            </Space>
          )}
          {isReadOnly && (
            <Alert type="info" showIcon title={t('editor.readOnly')} style={{ marginBottom: 16 }} />
          )}
          <Form.Item
            name="title"
            label={hasQuestion(type) || type === 'tikuqa' ? t('fields.question') : t('fields.title')}
            rules={[
              {
                required: true,
                whitespace: true,
                message:
                  hasQuestion(type) || type === 'tikuqa'
                    ? t('validation.questionRequired')
                    : t('validation.titleRequired'),
              },
              {
                max: TITLE_MAX,
                message: t('validation.tooLong', { field: t('fields.title'), max: TITLE_MAX }),
              },
            ]}
          >
            <Input maxLength={TITLE_MAX} showCount />
          </Form.Item>
          <Form.Item
            name="summary"
            label={type === 'tikuqa' ? t('fields.shortAnswer') : t('fields.summary')}
            rules={[
              {
                max: SUMMARY_MAX,
                message: t('validation.tooLong', { field: t('fields.summary'), max: SUMMARY_MAX }),
              },
            ]}
          >
            <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} maxLength={SUMMARY_MAX} showCount />
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
                <TreeSelect
                  multiple
                  allowClear
                  treeDefaultExpandAll
                  placeholder={t('fields.categoriesHint')}
                  treeData={toTreeOptions(categoryTree)}
                  fieldNames={{ label: 'title', value: 'value', children: 'children' }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="keywords"
                label={t('fields.keywords')}
                extra={t('fields.keywordsHint')}
                rules={[
                  {
                    type: 'array',
                    max: KEYWORDS_MAX,
                    message: t('validation.tooMany', { field: t('fields.keywords'), max: KEYWORDS_MAX }),
                  },
                  {
                    validator: async (_, keywords: string[] | undefined) => {
                      if ((keywords ?? []).some((keyword) => keyword.trim().length > KEYWORD_MAX))
                        throw new Error(t('validation.keywordTooLong', { max: KEYWORD_MAX }));
                    },
                  },
                ]}
              >
                <Select mode="tags" tokenSeparators={[',', '，']} open={false} suffixIcon={null} />
              </Form.Item>
            </Col>
          </Row>
          <Row gutter={16}>
            <Col xs={12} md={6}>
              <Form.Item name="recommend" label={t('fields.recommend')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="top" label={t('fields.top')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="publishAt" label={t('fields.publishAt')} extra={t('fields.publishAtHint')}>
                <DatePicker
                  showTime={{ format: 'HH:mm' }}
                  format="YYYY-MM-DD HH:mm"
                  style={{ width: '100%' }}
                  disabledDate={(day) => day.isBefore(dayjs().startOf('day'))}
                />
              </Form.Item>
            </Col>
          </Row>
          {hasQuestion(type) && <QuestionFields form={form} />}
          {hasTender(type) && <TenderFields />}
          <Form.Item
            name="body"
            label={
              type === 'tikuqa'
                ? t('fields.answer')
                : hasQuestion(type)
                  ? t('fields.details')
                  : t('fields.content')
            }
          >
            <RichTextEditor
              ariaLabel={
                type === 'tikuqa'
                  ? t('fields.answer')
                  : hasQuestion(type)
                    ? t('fields.details')
                    : t('fields.content')
              }
              disabled={isReadOnly}
              minHeight={280}
            />
          </Form.Item>
        </Form>
      )}
      {article && (
        <VersionHistoryDrawer
          open={isHistoryOpen}
          article={article}
          canRestore={!isReadOnly}
          onClose={() => setHistoryOpen(false)}
          onRestored={(restored) => {
            loaded.current = `${restored.aid}@${restored.version}`;
            load(restored);
            setHistoryOpen(false);
            onSaved(restored, false);
          }}
        />
      )}
    </Drawer>
  );
};
