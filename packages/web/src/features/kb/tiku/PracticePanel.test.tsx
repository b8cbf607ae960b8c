import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { button, fill, setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { queriesTo, stubFetch } from '../../../shared/testing/stubFetch';
import { sampleTree } from '../shared/testing';
import { PracticePanel } from './PracticePanel';

afterEach(() => vi.unstubAllGlobals());

describe('PracticePanel', { timeout: 60_000 }, () => {
  it('draws questions, sends the answers and shows the score with explanations', async () => {
    const user = setupUser();
    const seen = stubFetch({
      'GET /api/category/tree': () => sampleTree(),
      'GET /api/article/tiku/practice': () => [
        {
          aid: 'q1',
          title: 'Capital of France?',
          questionType: 'single',
          options: [
            { key: 'A', text: 'Paris' },
            { key: 'B', text: 'Lyon' },
          ],
          difficulty: 1,
        },
        {
          aid: 'q2',
          title: 'Even numbers?',
          questionType: 'multiple',
          options: [
            { key: 'A', text: '2' },
            { key: 'B', text: '3' },
            { key: 'C', text: '4' },
          ],
          difficulty: 2,
        },
        { aid: 'q3', title: 'Why is the sky blue?', questionType: 'short', options: [], difficulty: 3 },
      ],
      'POST /api/article/tiku/attempt': () => ({
        score: 50,
        correct: 1,
        scored: 2,
        results: [
          {
            aid: 'q1',
            title: 'Capital of France?',
            questionType: 'single',
            correct: true,
            given: ['A'],
            expected: ['A'],
            explanation: 'Paris it is.',
          },
          {
            aid: 'q2',
            title: 'Even numbers?',
            questionType: 'multiple',
            correct: false,
            given: ['A'],
            expected: ['A', 'C'],
            explanation: '4 is even too.',
          },
          {
            aid: 'q3',
            title: 'Why is the sky blue?',
            questionType: 'short',
            correct: null,
            given: ['Scattering'],
            expected: ['Rayleigh scattering'],
            explanation: '',
          },
        ],
      }),
    });
    renderWithProviders(<PracticePanel />);
    await user.click(button(document.body, 'Start'));
    expect(await screen.findByText(/Capital of France\?/)).toBeInTheDocument();
    expect(queriesTo(seen, '/api/article/tiku/practice')).toEqual(['size=10']);
    expect(screen.getByText('3 questions not answered')).toBeInTheDocument();

    await user.click(screen.getByLabelText('A. Paris'));
    await user.click(screen.getByLabelText('A. 2'));
    await fill(user, screen.getByLabelText('Your answer'), 'Scattering');
    await user.click(button(document.body, 'Submit answers'));
    await waitFor(() =>
      expect(seen.find((request) => request.path === '/api/article/tiku/attempt')?.body).toEqual({
        answers: [
          { aid: 'q1', answer: ['A'] },
          { aid: 'q2', answer: ['A'] },
          { aid: 'q3', answer: ['Scattering'] },
        ],
      }),
    );
    expect(await screen.findByText('4 is even too.')).toBeInTheDocument();
    expect(screen.getByText('Right')).toBeInTheDocument();
    expect(screen.getByText('Wrong')).toBeInTheDocument();
    expect(screen.getByText('Not scored')).toBeInTheDocument();
    expect(screen.getByText('A, C')).toBeInTheDocument();
    expect(screen.getByText('Rayleigh scattering')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  });
});
