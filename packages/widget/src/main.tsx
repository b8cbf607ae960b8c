import { render } from 'preact';
import { App } from './App.js';
import { pickLanguage } from './i18n.js';
import './styles.css';

const query = new URLSearchParams(location.search);
const language = pickLanguage(query.get('lang'), navigator.language);
document.documentElement.lang = language;

render(
  <App
    params={{
      org: query.get('org') ?? '',
      wid: query.get('wid'),
      aid: query.get('aid'),
      language,
      page: (query.get('page') ?? document.referrer).slice(0, 2000),
      referrer: (query.get('referrer') ?? '').slice(0, 2000),
      client: /Mobi|Android|iPhone/i.test(navigator.userAgent) ? 'wap' : 'web',
      isPreview: query.get('preview') === '1',
    }}
  />,
  document.getElementById('app') as HTMLElement,
);
