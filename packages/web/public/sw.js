/*
 * The console's service worker (issue 21): shows the agent workbench's Web Push notices, even
 * with no tab open, and opens the conversation when one is clicked. It has no fetch handler on
 * purpose: pages and API answers always come from the network, nothing is cached here.
 * Registered with scope /admin/ by the notification settings ("notifications on this device").
 */

const scope = self.registration.scope;
const workbenchUrl = new URL('agent', scope).href;
const iconUrl = new URL('icons/icon-192.png', scope).href;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** Only addresses of this console are opened from a notice; anything else goes to the workbench. */
const safeUrl = (value) => {
  try {
    const url = new URL(String(value), scope);
    return url.origin === self.location.origin && url.href.startsWith(scope) ? url.href : workbenchUrl;
  } catch {
    return workbenchUrl;
  }
};

const readPayload = (event) => {
  try {
    const data = event.data ? event.data.json() : null;
    if (data && typeof data.title === 'string') {
      const tid = typeof data.tid === 'string' ? data.tid : '';
      return {
        title: data.title.slice(0, 120),
        body: typeof data.body === 'string' ? data.body.slice(0, 300) : '',
        tid,
        // From the tid rather than the server's PUBLIC_URL: the console may be reached by another name.
        url: tid ? new URL(`agent/${encodeURIComponent(tid)}`, scope).href : safeUrl(data.url),
      };
    }
  } catch {
    // Not JSON: shown as a plain notice below.
  }
  return {
    title: 'OpenKefu',
    body: event.data ? event.data.text().slice(0, 300) : '',
    tid: '',
    url: workbenchUrl,
  };
};

const showPush = async (event) => {
  const payload = readPayload(event);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  // The agent is looking at this very conversation: the page shows the message itself.
  if (payload.tid && windows.some((client) => client.focused && client.url.split(/[?#]/)[0] === payload.url))
    return;
  await self.registration.showNotification(payload.title, {
    body: payload.body,
    // One notice per conversation: the page's own desktop notice (same tag) and later pushes replace it.
    tag: payload.tid ? `thread-${payload.tid}` : 'openkefu',
    renotify: Boolean(payload.tid),
    icon: iconUrl,
    badge: iconUrl,
    data: { url: payload.url, tid: payload.tid },
  });
};

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(event));
});

const openConversation = async (url) => {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const existing = windows.find((client) => client.url.startsWith(scope));
  if (existing) {
    const focused = await existing.focus();
    // navigate() works on the pages this worker controls; an older page is reloaded by openWindow.
    if (focused && 'navigate' in focused) {
      const navigated = await focused.navigate(url).catch(() => null);
      if (navigated) return;
    }
  }
  await self.clients.openWindow(url);
};

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = safeUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(openConversation(url));
});
