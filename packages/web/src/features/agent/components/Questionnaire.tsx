import { useState } from 'react';
import { Button, Descriptions, Drawer, List, Popover, Spin, Tooltip, Typography } from 'antd';
import { FormOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  readQuestionnaireContent,
  type ChatSurveyAnswer,
  type Envelope,
  type FormItem,
  type FormValue,
  type Message,
  type PublishedSurvey,
} from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import { parseError } from '../../../shared/api/parseError';
import { notify } from '../../../shared/feedback/notify';
import { WORKBENCH_NS } from '../i18n';
import type { ChatMessage } from '../state/messages';

/*
 * Forms in a conversation (issue 16): the composer's "Send a form" picker, the card the agent sent,
 * and the notice that the visitor answered with a drawer showing the answers.
 */

export const fetchPublishedSurveys = async (): Promise<PublishedSurvey[]> =>
  (await http.get<Envelope<PublishedSurvey[]>>('/api/form/survey/published')).data;

export const sendSurvey = async (body: { tid: string; fid: string; localId: string }): Promise<Message> =>
  (await http.post<Envelope<Message>>('/api/form/survey/send', body)).data;

export const fetchChatAnswer = async (tid: string, rid: string): Promise<ChatSurveyAnswer> =>
  (await http.get<Envelope<ChatSurveyAnswer>>('/api/form/survey/chat-answer', { params: { tid, rid } })).data;

const createLocalId = () => `form-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

/** The composer's button: the organisation's published forms; choosing one sends it as a card. */
export const SendFormButton = ({ tid }: { tid: string }) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const [isOpen, setOpen] = useState(false);
  const forms = useQuery({
    queryKey: ['workbench', 'published-forms'],
    queryFn: fetchPublishedSurveys,
    enabled: isOpen,
    staleTime: 30_000,
  });
  const send = useMutation({
    mutationFn: (fid: string) => sendSurvey({ tid, fid, localId: createLocalId() }),
    onSuccess: () => {
      setOpen(false);
      notify.success({ title: t('questionnaire.sent') });
    },
    onError: (error) =>
      notify.error({ title: t('questionnaire.sendFailed', { reason: parseError(error).message }) }),
  });
  return (
    <Popover
      open={isOpen}
      onOpenChange={setOpen}
      trigger="click"
      placement="topLeft"
      title={t('questionnaire.choose')}
      content={
        <div className="ok-wb-forms" data-testid="send-form-list">
          {forms.isPending ? (
            <Spin size="small" />
          ) : forms.isError ? (
            <Typography.Text type="danger">{t('questionnaire.loadFailed')}</Typography.Text>
          ) : (
            <List
              size="small"
              dataSource={forms.data}
              locale={{ emptyText: t('questionnaire.empty') }}
              renderItem={(form) => (
                <List.Item>
                  <Button
                    type="link"
                    disabled={send.isPending}
                    onClick={() => send.mutate(form.fid)}
                    data-testid={`send-form-${form.fid}`}
                  >
                    {form.title}
                  </Button>
                </List.Item>
              )}
            />
          )}
        </div>
      }
    >
      <Tooltip title={t('questionnaire.send')}>
        <Button
          type="text"
          icon={<FormOutlined />}
          aria-label={t('questionnaire.send')}
          data-testid="send-form"
        />
      </Tooltip>
    </Popover>
  );
};

/** The card an agent sent: the form's title. */
export const QuestionnaireCardBody = ({ content }: { content: string }) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const card = readQuestionnaireContent(content);
  return (
    <div className="ok-wb-msg__text" data-testid="questionnaire-card">
      <FormOutlined />{' '}
      {card ? t('questionnaire.card', { title: card.title }) : t('messageTypes.questionnaire')}
    </div>
  );
};

const answerText = (item: FormItem, value: FormValue | undefined, t: TFunction<typeof WORKBENCH_NS>) => {
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return t('questionnaire.noAnswer');
  if (item.type === 'file' && typeof value === 'string') return t('questionnaire.file', { aid: value });
  return Array.isArray(value) ? value.join(', ') : value;
};

const AnswersDrawer = ({
  tid,
  rid,
  title,
  onClose,
}: {
  tid: string;
  rid: string;
  title: string;
  onClose: () => void;
}) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const answer = useQuery({
    queryKey: ['workbench', 'chat-answer', tid, rid],
    queryFn: () => fetchChatAnswer(tid, rid),
    staleTime: Infinity,
  });
  return (
    <Drawer open onClose={onClose} title={t('questionnaire.answersTitle', { title })} size={420}>
      {answer.isPending ? (
        <Spin />
      ) : answer.isError ? (
        <Typography.Text type="danger">{t('questionnaire.answersFailed')}</Typography.Text>
      ) : (
        <Descriptions
          data-testid="questionnaire-answers"
          size="small"
          column={1}
          bordered
          items={answer.data.items
            .filter((item) => item.type !== 'section')
            .map((item) => ({
              key: item.key,
              label: item.label || item.key,
              children: answerText(item, answer.data.answers[item.key], t),
            }))}
        />
      )}
    </Drawer>
  );
};

/**
 * The server's questionnaire lines: the after-chat survey it sent when the chat closed, and the
 * notice that the visitor answered a form, with its answers one click away.
 */
export const QuestionnaireAnsweredNotice = ({ message }: { message: ChatMessage }) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const [isOpen, setOpen] = useState(false);
  const notice = readQuestionnaireContent(message.content);
  if (notice && !notice.rid && notice.purpose === 'afterchat')
    return (
      <div className="ok-wb-notice" role="note" data-testid="message-notice">
        {t('questionnaire.afterChatSent', { title: notice.title })}
      </div>
    );
  if (!notice?.rid) return null;
  return (
    <div className="ok-wb-notice" role="note" data-testid="message-notice">
      {t('questionnaire.answered', { title: notice.title })}{' '}
      <Button type="link" size="small" onClick={() => setOpen(true)} data-testid="questionnaire-view-answers">
        {t('questionnaire.viewAnswers')}
      </Button>
      {isOpen && (
        <AnswersDrawer
          tid={message.tid}
          rid={notice.rid}
          title={notice.title}
          onClose={() => setOpen(false)}
        />
      )}
    </div>
  );
};
