import { render } from 'preact';
import { App } from './App.js';
import { readCommodityParam } from './commodity.js';
import { pickLanguage } from './i18n.js';
import { readIdentityFragment } from './site-identity.js';
import './styles.css';

const query = new URLSearchParams(location.search);
const language = pickLanguage(query.get('lang'), navigator.language);
document.documentElement.lang = language;
// The signed identity is read once and dropped from the address bar, so a copied link carries none.
const identity = readIdentityFragment(location.hash);
if (identity) history.replaceState(null, '', location.pathname + location.search);

render(
  <App
    params={{
      org: query.get('org') ?? '',
      appKey: query.get('appKey'),
      wid: query.get('wid'),
      aid: query.get('aid'),
      language,
      page: (query.get('page') ?? document.referrer).slice(0, 2000),
      referrer: (query.get('referrer') ?? '').slice(0, 2000),
      client: /Mobi|Android|iPhone/i.test(navigator.userAgent) ? 'wap' : 'web',
      isPreview: query.get('preview') === '1',
      identity,
      commodity: readCommodityParam(query.get('commodity')),
      featuredCall: query.get('call') === 'video',
    }}
  />,
  document.getElementById('app') as HTMLElement,
);
