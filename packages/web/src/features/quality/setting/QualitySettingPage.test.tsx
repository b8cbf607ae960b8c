import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { button, findDialog, setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  stubFetch,
  type Recorded,
  type Routes,
} from '../../../shared/testing/stubFetch';
import { scheme } from '../shared/testData';
import { QualitySettingPage } from './QualitySettingPage';
import { sumWeights } from './SchemeEditor';

let seen: Recorded[] = [];

const start = (extra: Routes = {}) => {
  seen = stubFetch({
    'GET /api/quality/scheme/query': () => [scheme()],
    'GET /api/quality/rule/query': () => [
      { qrid: 'r-1', kind: 'lowRating', threshold: 2, enabled: true, updatedAt: 0 },
    ],
    'GET /api/quality/options': () => ({ agents: [], workgroups: [{ wid: 'w-1', nickname: 'Sales' }] }),
    'POST /api/quality/scheme/save': (request) => ({ ...scheme(), ...(request.body as object) }),
    'POST /api/quality/rule/save': (request) => ({ qrid: 'r-2', updatedAt: 0, ...(request.body as object) }),
    ...extra,
  });
};

const postsTo = (path: string) =>
  seen.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

beforeEach(() => {
  start();
  setProfile(adminWithPermissions({ 'quality.setting': ['query', 'get', 'add', 'edit', 'delete'] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('QualitySettingPage', { timeout: 60_000 }, () => {
  it('lists schemes with their weights and the sampling rules', async () => {
    renderWithProviders(<QualitySettingPage />);
    expect(await screen.findByText('Service attitude 30% · Professional skill 70%')).toBeInTheDocument();
    expect(screen.getByText('Default')).toBeInTheDocument();
    expect(screen.getByLabelText('Every conversation rated at most (stars): On')).toBeChecked();
    expect(
      screen.getByLabelText('Random share of each agent’s conversations per day (%): On'),
    ).not.toBeChecked();
  });

  it('refuses weights that do not sum to 100 with a clear message, then saves', async () => {
    const user = setupUser();
    renderWithProviders(<QualitySettingPage />);
    await user.click(await screen.findByText('Default scheme'));
    const drawer = await findDialog();
    expect(within(drawer).getByRole('status')).toHaveTextContent('Weights sum to 100 %');
    const weights = within(drawer).getAllByLabelText('Weight (%)');
    await user.clear(weights[0] as HTMLElement);
    await user.type(weights[0] as HTMLElement, '20');
    await waitFor(() => expect(within(drawer).getByRole('status')).toHaveTextContent('Weights sum to 90 %'));
    await user.click(button(drawer, 'Save'));
    expect(
      await within(drawer).findByText('The criteria weights must sum to 100 % (now 90 %)'),
    ).toBeInTheDocument();
    expect(postsTo('/api/quality/scheme/save')).toHaveLength(0);
    await user.clear(weights[0] as HTMLElement);
    await user.type(weights[0] as HTMLElement, '30');
    await user.click(button(drawer, 'Save'));
    await waitFor(() => expect(postsTo('/api/quality/scheme/save')).toHaveLength(1));
    const body = postsTo('/api/quality/scheme/save')[0] as {
      qsid: string;
      criteria: {
        weight: number;
        items: { key: string; check: string | null; threshold: number | null }[];
      }[];
    };
    expect(body.qsid).toBe('qs-1');
    expect(body.criteria.map((criterion) => criterion.weight)).toEqual([30, 70]);
    expect(body.criteria[1]?.items[0]).toMatchObject({ key: 'fast', check: 'firstResponse', threshold: 60 });
    expect(await screen.findByText('Scheme saved')).toBeInTheDocument();
  });

  it('turns a sampling rule on with its threshold', async () => {
    const user = setupUser();
    renderWithProviders(<QualitySettingPage />);
    await user.click(
      await screen.findByLabelText('Random share of each agent’s conversations per day (%): On'),
    );
    await waitFor(() =>
      expect(postsTo('/api/quality/rule/save')).toEqual([{ kind: 'percent', threshold: 5, enabled: true }]),
    );
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<QualitySettingPage />);
    expect(await screen.findByText('抽检规则')).toBeInTheDocument();
    expect(await screen.findByText('质检方案')).toBeInTheDocument();
  });

  it('sums weights', () => {
    expect(sumWeights([{ weight: 30 }, { weight: null }, { weight: 40 }])).toBe(70);
    expect(sumWeights(undefined)).toBe(0);
  });
});
