import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPeer, formatDuration, openLocalMedia, stopMedia, type Signal } from './index.js';

/* A call's peer against a stand-in RTCPeerConnection that logs what it is asked to do, in order. */

type Track = { id: string; stop: () => void };

class FakeStream {
  readonly tracks: Track[];
  constructor(tracks: Track[] = []) {
    this.tracks = [...tracks];
  }
  addTrack(track: Track) {
    this.tracks.push(track);
  }
  getTracks() {
    return this.tracks;
  }
}

class FakeConnection {
  static last: FakeConnection;
  readonly log: string[] = [];
  ontrack: ((event: { track: Track }) => void) | null = null;
  onicecandidate: ((event: { candidate: { toJSON: () => unknown } | null }) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  connectionState = 'new';
  remoteDescription: { type: string; sdp: string } | null = null;
  /** Holds setRemoteDescription until released, to let signals arrive meanwhile. */
  gate: Promise<void> = Promise.resolve();
  refuseRemote = false;
  constructor(readonly config: { iceServers: unknown[] }) {
    FakeConnection.last = this;
  }
  addTrack(track: Track, stream: FakeStream) {
    this.log.push(`track ${track.id}${stream.getTracks().includes(track) ? '' : ' (other stream)'}`);
  }
  async setRemoteDescription(description: { type: string; sdp: string }) {
    await this.gate;
    if (this.refuseRemote) throw new DOMException('bad sdp', 'InvalidAccessError');
    this.remoteDescription = description;
    this.log.push(`remote ${description.type} ${description.sdp}`);
  }
  async addIceCandidate(candidate: { candidate: string }) {
    this.log.push(`candidate ${candidate.candidate}`);
  }
  async createOffer() {
    return { type: 'offer', sdp: 'offer-sdp' };
  }
  async createAnswer() {
    return { type: 'answer', sdp: 'answer-sdp' };
  }
  async setLocalDescription(description: { type: string }) {
    this.log.push(`local ${description.type}`);
  }
  close() {
    this.log.push('close');
  }
}

const track = (id: string): Track => ({ id, stop: vi.fn() });

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const start = () => {
  const sent: Signal[] = [];
  const onRemote = vi.fn();
  const onFailed = vi.fn();
  const local = new FakeStream([track('mic'), track('camera')]);
  const peer = createPeer({
    iceServers: [{ urls: ['stun:stun.example.com'] }],
    local: local as unknown as MediaStream,
    send: (signal) => sent.push(signal),
    onRemote,
    onFailed,
  });
  return { peer, sent, onRemote, onFailed, connection: FakeConnection.last };
};

beforeEach(() => {
  vi.stubGlobal('RTCPeerConnection', FakeConnection);
  vi.stubGlobal('MediaStream', FakeStream);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createPeer', () => {
  it('sends every local track with the call’s ICE servers, and the caller’s offer', async () => {
    const { peer, sent, connection } = start();
    expect(connection.config).toEqual({ iceServers: [{ urls: ['stun:stun.example.com'] }] });
    await peer.offer();
    expect(connection.log).toEqual(['track mic', 'track camera', 'local offer']);
    expect(sent).toEqual([{ description: { type: 'offer', sdp: 'offer-sdp' } }]);
  });

  it('answers an offer, holding candidates that come before it and applying signals in order', async () => {
    const { peer, sent, connection } = start();
    let release: () => void = () => undefined;
    connection.gate = new Promise<void>((resolve) => {
      release = () => resolve();
    });
    peer.receive({ candidate: { candidate: 'early' } });
    peer.receive({ description: { type: 'offer', sdp: 'their-offer' } });
    peer.receive({ candidate: { candidate: 'during' } });
    await settle();
    expect(connection.log).toEqual(['track mic', 'track camera']);
    release();
    await settle();
    expect(connection.log.slice(2)).toEqual([
      'remote offer their-offer',
      'candidate early',
      'local answer',
      'candidate during',
    ]);
    expect(sent).toEqual([{ description: { type: 'answer', sdp: 'answer-sdp' } }]);
  });

  it('takes the callee’s answer without answering back', async () => {
    const { peer, sent, connection } = start();
    await peer.offer();
    peer.receive({ description: { type: 'answer', sdp: 'their-answer' } });
    await settle();
    expect(connection.log.slice(2)).toEqual(['local offer', 'remote answer their-answer']);
    expect(sent).toHaveLength(1);
  });

  it('sends its own candidates and gathers the remote tracks into one stream', () => {
    const { sent, onRemote, connection } = start();
    const json = { candidate: 'candidate:1 udp', sdpMid: '0', sdpMLineIndex: 0 };
    connection.onicecandidate?.({ candidate: { toJSON: () => json } });
    connection.onicecandidate?.({ candidate: null });
    expect(sent).toEqual([{ candidate: json }]);
    connection.ontrack?.({ track: track('their-mic') });
    connection.ontrack?.({ track: track('their-camera') });
    expect(onRemote).toHaveBeenCalledTimes(2);
    const remote = onRemote.mock.calls[1]?.[0] as FakeStream;
    expect(onRemote.mock.calls[0]?.[0]).toBe(remote);
    expect(remote.getTracks().map((item) => item.id)).toEqual(['their-mic', 'their-camera']);
  });

  it('fails when the connection fails or a signal cannot be applied, and still applies later ones', async () => {
    const { peer, onFailed, connection } = start();
    connection.connectionState = 'connected';
    connection.onconnectionstatechange?.();
    expect(onFailed).not.toHaveBeenCalled();
    connection.connectionState = 'failed';
    connection.onconnectionstatechange?.();
    expect(onFailed).toHaveBeenCalledTimes(1);

    connection.refuseRemote = true;
    peer.receive({ description: { type: 'offer', sdp: 'broken' } });
    await settle();
    expect(onFailed).toHaveBeenCalledTimes(2);
    connection.refuseRemote = false;
    peer.receive({ description: { type: 'answer', sdp: 'fine' } });
    await settle();
    expect(connection.log).toContain('remote answer fine');
  });

  it('lets go of the connection’s events when closed', () => {
    const { peer, connection } = start();
    peer.close();
    expect(connection.log.at(-1)).toBe('close');
    expect([connection.ontrack, connection.onicecandidate, connection.onconnectionstatechange]).toEqual([
      null,
      null,
      null,
    ]);
  });
});

describe('local media', () => {
  const devices = (getUserMedia: (constraints: MediaStreamConstraints) => Promise<unknown>) =>
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });

  it('asks for the camera only for video', async () => {
    const stream = new FakeStream();
    const getUserMedia = vi.fn(async () => stream);
    devices(getUserMedia);
    expect(await openLocalMedia('audio')).toBe(stream);
    expect(await openLocalMedia('video')).toBe(stream);
    expect(getUserMedia.mock.calls).toEqual([
      [{ audio: true, video: false }],
      [{ audio: true, video: true }],
    ]);
  });

  it('gives null when refused or when the browser has no media devices', async () => {
    devices(() => Promise.reject(new DOMException('no', 'NotAllowedError')));
    expect(await openLocalMedia('video')).toBeNull();
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: undefined });
    expect(await openLocalMedia('audio')).toBeNull();
  });

  it('stops every track of a stream, and takes no stream', () => {
    const tracks = [track('mic'), track('camera')];
    stopMedia(new FakeStream(tracks) as unknown as MediaStream);
    for (const item of tracks) expect(item.stop).toHaveBeenCalledTimes(1);
    expect(() => stopMedia(null)).not.toThrow();
  });
});

describe('formatDuration', () => {
  it('writes talk time as m:ss, never below zero', () => {
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(9_999)).toBe('0:09');
    expect(formatDuration(65_432)).toBe('1:05');
    expect(formatDuration(3_600_000)).toBe('60:00');
    expect(formatDuration(-5_000)).toBe('0:00');
  });
});
