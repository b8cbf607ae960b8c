import { useEffect, useState } from 'react';
import { App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RobotWord, Synonym } from '@openkefu/contract';
import { showFormError } from '../../../shared/api/reportError';
import { saveWord, type WordKind, type WordRow } from '../shared/api';
import { ROBOT_NS } from '../shared/i18n';

/** Contract `robotWordMaxLength`, `robotSynonymLimit`. */
export const WORD_MAX = 64;
export const SYNONYMS_MAX = 50;

type WordValues = { word?: string; standard?: string; synonyms?: string[] };

export const isSynonym = (row: WordRow): row is Synonym => 'standard' in row;

/** The entry's main word: the word, or the standard word of a synonym entry. */
export const wordOf = (row: WordRow): string => (isSynonym(row) ? row.standard : (row as RobotWord).word);

export type WordFormModalProps = {
  kind: WordKind;
  /** Open with the entry to edit, or null for a new one; undefined when closed. */
  editing: WordRow | null | undefined;
  onClose: () => void;
  onSaved: (row: WordRow) => void;
};

/** Adds or changes one entry of a word list: a word, or a standard word and its synonyms. */
export const WordFormModal = ({ kind, editing, onClose, onSaved }: WordFormModalProps) => {
  const { t } = useTranslation(ROBOT_NS);
  const { message: toast } = App.useApp();
  const [form] = Form.useForm<WordValues>();
  const [isSaving, setSaving] = useState(false);
  const isOpen = editing !== undefined;
  const isSynonymKind = kind === 'synonym';

  useEffect(() => {
    if (!isOpen) return;
    form.resetFields();
    if (editing && isSynonym(editing))
      form.setFieldsValue({ standard: editing.standard, synonyms: editing.synonyms });
    else if (editing) form.setFieldsValue({ word: wordOf(editing) });
  }, [isOpen, editing, form]);

  const save = async () => {
    let values: WordValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const rwid = editing?.rwid;
      const saved = await saveWord(
        kind,
        isSynonymKind
          ? {
              rwid,
              standard: (values.standard ?? '').trim(),
              synonyms: (values.synonyms ?? []).map((word) => word.trim()).filter(Boolean),
            }
          : { rwid, word: (values.word ?? '').trim() },
      );
      void toast.success(t(editing ? 'words.saved' : 'words.created', { word: wordOf(saved) }));
      onSaved(saved);
    } catch (error) {
      showFormError(form, error, ['word', 'standard', 'synonyms']);
    } finally {
      setSaving(false);
    }
  };

  const tooLong = (field: string) => ({
    max: WORD_MAX,
    message: t('validation.tooLong', { field, max: WORD_MAX }),
  });

  return (
    <Modal
      open={isOpen}
      title={editing ? t(`words.${kind}.editTitle`, { word: wordOf(editing) }) : t(`words.${kind}.addTitle`)}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      confirmLoading={isSaving}
      onOk={() => void save()}
      onCancel={onClose}
      forceRender
    >
      <Form<WordValues> form={form} layout="vertical" name={`robot-${kind}`}>
        {isSynonymKind ? (
          <>
            <Form.Item
              name="standard"
              label={t('words.synonym.standard')}
              extra={t('words.synonym.standardHint')}
              rules={[
                { required: true, whitespace: true, message: t('words.synonym.standardRequired') },
                tooLong(t('words.synonym.standard')),
              ]}
            >
              <Input maxLength={WORD_MAX} />
            </Form.Item>
            <Form.Item
              name="synonyms"
              label={t('words.synonym.synonyms')}
              extra={t('words.synonym.synonymsHint')}
              dependencies={['standard']}
              rules={[
                { required: true, type: 'array', min: 1, message: t('words.synonym.synonymsRequired') },
                {
                  type: 'array',
                  max: SYNONYMS_MAX,
                  message: t('validation.tooMany', { field: t('words.synonym.synonyms'), max: SYNONYMS_MAX }),
                },
                {
                  validator: async (_, words: string[] | undefined) => {
                    if ((words ?? []).some((word) => word.trim().length > WORD_MAX))
                      throw new Error(t('words.synonym.synonymTooLong', { max: WORD_MAX }));
                    const standard = ((form.getFieldValue('standard') as string | undefined) ?? '').trim();
                    if (standard && (words ?? []).some((word) => word.trim() === standard))
                      throw new Error(t('words.synonym.synonymIsStandard'));
                  },
                },
              ]}
            >
              <Select
                mode="tags"
                tokenSeparators={[',', '，', ';', '；']}
                open={false}
                suffixIcon={null}
                aria-label={t('words.synonym.synonyms')}
              />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            name="word"
            label={t(`words.${kind}.word`)}
            extra={t(`words.${kind}.wordHint`)}
            rules={[
              { required: true, whitespace: true, message: t('words.wordRequired') },
              tooLong(t(`words.${kind}.word`)),
            ]}
          >
            <Input maxLength={WORD_MAX} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
};
