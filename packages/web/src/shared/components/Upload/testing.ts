import { act } from '@testing-library/react';
import type { Attachment, Profile } from '@openkefu/contract';

/** Test double for XMLHttpRequest: records what the widget sends and lets the test answer. */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  timeout = 0;
  isAborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

  constructor() {
    FakeXhr.instances.push(this);
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData) {
    this.body = body;
  }

  abort() {
    this.isAborted = true;
    this.onabort?.();
  }

  progress(loaded: number, total: number) {
    act(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
    });
  }

  respond(status: number, body: unknown) {
    act(() => {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    });
  }

  static latest(): FakeXhr {
    const last = FakeXhr.instances.at(-1);
    if (!last) throw new Error('no upload was sent');
    return last;
  }
}

export const attachment = (overrides: Partial<Attachment> = {}): Attachment => ({
  aid: 'a1',
  kind: 'image',
  fileName: '20261122093000-photo.png',
  path: 'http://localhost/uploads/a1.png',
  thumbPath: 'http://localhost/uploads/a1-thumb.png',
  suffix: 'png',
  mediaType: 'image/png',
  size: 2048,
  username: 'alice',
  createdAt: 1_763_800_000_000,
  ...overrides,
});

export const envelope = (data: unknown, status = 200, message = 'OK') => ({
  message,
  status_code: status,
  data,
});

export const pageOf = <T>(content: T[], total: number, number = 0, size = 12) => ({
  content,
  totalElements: total,
  totalPages: Math.ceil(total / size),
  number,
  size,
  first: number === 0,
  last: (number + 1) * size >= total,
  empty: content.length === 0,
});

export const profile = (username: string): Profile => ({
  uid: 'u1',
  username,
  nickname: 'Alice',
  avatar: '',
  email: null,
  mobile: null,
  subDomain: 'o',
  balance: 0,
  validateUntilDate: null,
  roles: [],
  authorities: [],
  organization: { oid: 'o1', name: 'Acme', subDomain: 'o' },
  isPlatformStaff: false,
  isAdminAccount: true,
});
