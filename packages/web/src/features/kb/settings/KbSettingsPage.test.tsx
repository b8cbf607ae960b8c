import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { HelpCenterSettingsResponse } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { button, fill, setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  errorResponse,
  stubFetch,
  type Recorded,
} from '../../../shared/testing/stubFetch';
import { sampleTree } from '../shared/testing';
import { KbSettingsPage, settingsFieldOf } from './KbSettingsPage';

const settings: HelpCenterSettingsResponse = {
  name: 'Acme help',
  logo: '',
  primaryColor: '#0958D9',
  languages: ['zh-CN', 'en-US'],
  navLinks: [{ title: 'Home', url: 'https://acme.example' }],
  published: true,
  footerHtml: '<p>© Acme</p>',
  homeCategories: ['c-billing'],
  slug: 'acme',
  url: 'http://localhost:9003/help/acme/',
};

let seen: Recorded[] = [];

beforeAll(async () => {
  await import('../../../shared/editor/RichTextEditorImpl');
});

beforeEach(() => {
  seen = stubFetch({
    'GET /api/kb/settings': () => settings,
    'GET /api/category/tree': () => sampleTree(),
    'POST /api/kb/settings/update': () =>
      errorResponse(400, 'Invalid input', [
        { field: 'navLinks.0.url', message: 'Invalid URL' },
        { field: 'name', message: 'Name taken' },
      ]),
  });
  setProfile(adminWithPermissions({ 'kb.settings': ['query', 'edit'] }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  setProfile(null);
});

describe('KbSettingsPage', { timeout: 60_000 }, () => {
  it('shows the public address and puts 400 field errors under their inputs', async () => {
    const user = setupUser();
    renderWithProviders(<KbSettingsPage />);
    expect(await screen.findByText('http://localhost:9003/help/acme/')).toBeInTheDocument();
    expect(screen.getByText('acme')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Copy/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open/ })).toHaveAttribute(
      'href',
      'http://localhost:9003/help/acme/',
    );
    expect(screen.getByLabelText('Name')).toHaveValue('Acme help');
    // The footer's editor loads lazily; a CSS query is cheaper than a role query over this form.
    await waitFor(
      () =>
        expect(document.querySelector('[contenteditable][aria-label="Footer"]')).toHaveTextContent('© Acme'),
      { timeout: 5_000 },
    );
    expect(screen.getByText('Billing')).toBeInTheDocument();

    // The console checks the link address first.
    await fill(user, screen.getByLabelText('Address of link 1'), ' not a url');
    await user.click(button(document.body, 'Save'));
    expect(
      await screen.findByText('Link address: enter an address starting with http:// or https://'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Address of link 1'));
    await fill(user, screen.getByLabelText('Address of link 1'), 'https://acme.example/help');

    await user.click(button(document.body, 'Save'));
    await waitFor(() =>
      expect(seen.filter((request) => request.path === '/api/kb/settings/update').map((r) => r.body)).toEqual(
        [
          {
            name: 'Acme help',
            logo: '',
            primaryColor: '#0958D9',
            languages: ['zh-CN', 'en-US'],
            navLinks: [{ title: 'Home', url: 'https://acme.example/help' }],
            published: true,
            homeCategories: ['c-billing'],
            footerHtml: '<p>© Acme</p>',
          },
        ],
      ),
    );
    expect(await screen.findByText('Invalid URL')).toBeInTheDocument();
    expect(screen.getByText('Name taken')).toBeInTheDocument();
  });

  it('maps server field names to form paths', () => {
    expect(settingsFieldOf('navLinks.2.url')).toEqual(['navLinks', 2, 'url']);
    expect(settingsFieldOf('footerHtml')).toEqual(['footer']);
  });

  it('is read-only without the edit permission', async () => {
    setProfile(adminWithPermissions({ 'kb.settings': ['query'] }));
    renderWithProviders(<KbSettingsPage />);
    expect(await screen.findByLabelText('Name')).toBeDisabled();
    expect(screen.queryByText('Save')).toBeNull();
  });
});
