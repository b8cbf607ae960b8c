import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ChatSurveyAnswer } from '@openkefu/contract';
import { changeLanguage } from '../../../shared/i18n';
import { setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { errorResponse, stubFetch, type Recorded } from '../../../shared/testing/stubFetch';
import { makeMessage } from '../testing/fixtures';
import { QuestionnaireAnsweredNotice, QuestionnaireCardBody, SendFormButton } from './Questionnaire';

/* Forms in a conversation, agent side (issue 16): the composer's picker, the card, the answers drawer. */

const answer: ChatSurveyAnswer = {
  rid: 'r-1',
  fid: 'f-1',
  version: 2,
  title: 'After-sales check',
  items: [
    { key: 'buyer', label: 'Did you buy?', type: 'radio', required: true, options: ['yes', 'no'] },
    { key: 'likes', label: 'Likes', type: 'checkbox', required: false, options: ['price', 'speed'] },
    { key: 'part', label: 'More', type: 'section', required: false, options: [] },
    { key: 'why', label: 'Why?', type: 'text', required: false, options: [] },
  ],
  answers: { buyer: 'yes', likes: ['price', 'speed'] },
  createdAt: Date.UTC(2026, 0, 15, 9, 0),
};

let seen: Recorded[] = [];
let sendFails = false;

beforeEach(() => {
  sendFails = false;
  seen = stubFetch({
    'GET /api/form/survey/published': () => [
      { fid: 'f-1', version: 2, title: 'After-sales check' },
      { fid: 'f-2', version: 1, title: 'Returns' },
    ],
    'POST /api/form/survey/send': (request) =>
      sendFails
        ? errorResponse(409, 'The conversation is not open')
        : makeMessage({ type: 'questionnaire', content: JSON.stringify(request.body) }),
    'GET /api/form/survey/chat-answer': () => answer,
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en-US');
});

const notice = (content: object) =>
  makeMessage({
    type: 'questionnaire',
    tid: 't-9',
    sender: { kind: 'system', id: '', nickname: '', avatar: '' },
    content: JSON.stringify(content),
  });

describe('agent questionnaire', { timeout: 60_000 }, () => {
  it("sends the chosen published form into the agent's conversation", async () => {
    const user = setupUser();
    renderWithProviders(<SendFormButton tid="t-9" />);
    await user.click(screen.getByRole('button', { name: 'Send a form' }));
    const list = await screen.findByTestId('send-form-list');
    await user.click(await within(list).findByText('Returns'));
    await waitFor(() =>
      expect(seen.filter((request) => request.method === 'POST').map((request) => request.body)).toHaveLength(
        1,
      ),
    );
    const sent = seen.find((request) => request.method === 'POST')?.body as Record<string, string>;
    expect(sent).toMatchObject({ tid: 't-9', fid: 'f-2' });
    expect(sent.localId).toMatch(/^form-/);
    expect(await screen.findByText('Sent to the visitor to fill in')).toBeInTheDocument();
  });

  it('says why a form could not be sent', async () => {
    sendFails = true;
    const user = setupUser();
    renderWithProviders(<SendFormButton tid="t-9" />);
    await user.click(screen.getByRole('button', { name: 'Send a form' }));
    await user.click(await within(await screen.findByTestId('send-form-list')).findByText('Returns'));
    expect(
      await screen.findByText('The form could not be sent: The conversation is not open'),
    ).toBeInTheDocument();
  });

  it('shows the card, and the answers of a submitted form in a drawer', async () => {
    const user = setupUser();
    renderWithProviders(
      <>
        <QuestionnaireCardBody
          content={JSON.stringify({ fid: 'f-1', version: 2, title: 'After-sales check' })}
        />
        <QuestionnaireAnsweredNotice
          message={notice({ fid: 'f-1', version: 2, title: 'After-sales check', rid: 'r-1', replyTo: 'm-1' })}
        />
      </>,
    );
    expect(screen.getByTestId('questionnaire-card')).toHaveTextContent('Form: After-sales check');
    expect(
      screen.getByText('The visitor submitted “After-sales check”', { exact: false }),
    ).toBeInTheDocument();
    await user.click(screen.getByTestId('questionnaire-view-answers'));
    const answers = await screen.findByTestId('questionnaire-answers');
    expect(within(answers).getByText('Did you buy?')).toBeInTheDocument();
    expect(within(answers).getByText('yes')).toBeInTheDocument();
    expect(within(answers).getByText('price, speed')).toBeInTheDocument();
    // Unanswered items say so; sections are not questions.
    expect(within(answers).getByText('—')).toBeInTheDocument();
    expect(within(answers).queryByText('More')).toBeNull();
    const request = seen.find((entry) => entry.path === '/api/form/survey/chat-answer');
    expect(request?.params.get('tid')).toBe('t-9');
    expect(request?.params.get('rid')).toBe('r-1');
  });

  it('tells the agent that the after-chat survey was sent, in Chinese too', async () => {
    const afterChat = notice({ fid: 'f-1', version: 2, title: 'How did we do?', purpose: 'afterchat' });
    const view = renderWithProviders(<QuestionnaireAnsweredNotice message={afterChat} />);
    expect(screen.getByTestId('message-notice')).toHaveTextContent(
      'After-chat survey “How did we do?” sent to the visitor',
    );
    view.unmount();
    await changeLanguage('zh-CN');
    renderWithProviders(<QuestionnaireAnsweredNotice message={afterChat} />);
    expect(screen.getByTestId('message-notice')).toHaveTextContent(
      '已向访客发送会话结束后问卷「How did we do?」',
    );
  });
});
