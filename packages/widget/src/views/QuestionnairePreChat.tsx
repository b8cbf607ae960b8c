import {
  describeFormError,
  isChoiceItem,
  type FormAnswerError,
  type FormItem,
  type FormValues,
  type VisitorForm,
} from '@openkefu/contract';
import type { Api } from '../api.js';
import type { Translate, WidgetLanguage, WordKey } from '../i18n.js';
import { QuestionnaireForm } from './QuestionnaireForm.js';

/*
 * The pre-chat form (issue 5; a builder form since issue 16), in the lazy chunk with the builder's
 * rules: the skill group's items, conditions and checks, sent as `form` with the thread request,
 * whose 400 names `form.<key>`. A choice may route the chat to another skill group (server side).
 */

const builtinLabels: Record<string, WordKey> = {
  name: 'formName',
  mobile: 'formMobile',
  email: 'formEmail',
  age: 'formAge',
  job: 'formJob',
};

/** The widget's own sentences for the common mistakes; the contract's words for the rest. */
const errorWords: Partial<Record<FormAnswerError['code'], WordKey>> = {
  required: 'formRequired',
  option: 'formChoose',
  email: 'formEmailInvalid',
  phone: 'formMobileInvalid',
  number: 'formNumberInvalid',
  wholeRange: 'formAgeInvalid',
};

export const PreChatPanel = ({
  t,
  language,
  api,
  form,
  onSubmit,
}: {
  t: Translate;
  language: WidgetLanguage;
  api: Api;
  form: VisitorForm;
  onSubmit: (answers: FormValues) => Promise<void>;
}) => {
  const labelOf = (item: FormItem) => {
    const word = builtinLabels[item.key];
    return item.label || (word ? t(word) : item.key);
  };
  const describe = (error: FormAnswerError, item: FormItem) => {
    const word = error.code === 'required' && isChoiceItem(item.type) ? 'formChoose' : errorWords[error.code];
    return word ? t(word) : describeFormError(error, language);
  };
  return (
    <div class="okw-card okw-prechat">
      <QuestionnaireForm
        t={t}
        language={language}
        api={api}
        items={form.items}
        testId="prechat-form"
        inputTestId="prechat"
        submitTestId="prechat-submit"
        submitLabel={t('formSubmit')}
        fieldPrefix="form."
        describe={describe}
        labelOf={labelOf}
        header={<strong>{form.title || t('formTitle')}</strong>}
        onSubmit={onSubmit}
      />
    </div>
  );
};
