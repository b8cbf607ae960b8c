import type { CallSignalPush, IceServer } from '@openkefu/contract';

/* One side of a call's RTCPeerConnection, for the widget's visitor and the workbench's agent alike.
   The caller offers once the callee accepted; the callee answers. Signals are handled one at a time,
   in order: a candidate can arrive while the remote description is still being set, and is held
   until it is. */

export type Signal = Pick<CallSignalPush, 'description' | 'candidate'>;

export type Peer = {
  connection: RTCPeerConnection;
  offer: () => Promise<void>;
  receive: (signal: Signal) => void;
  close: () => void;
};

export const createPeer = (options: {
  iceServers: IceServer[];
  local: MediaStream;
  send: (signal: Signal) => void;
  onRemote: (stream: MediaStream) => void;
  onFailed: () => void;
}): Peer => {
  const connection = new RTCPeerConnection({ iceServers: options.iceServers });
  const remote = new MediaStream();
  for (const track of options.local.getTracks()) connection.addTrack(track, options.local);
  connection.ontrack = (event) => {
    remote.addTrack(event.track);
    options.onRemote(remote);
  };
  connection.onicecandidate = (event) => {
    if (event.candidate) options.send({ candidate: event.candidate.toJSON() as Signal['candidate'] });
  };
  connection.onconnectionstatechange = () => {
    if (connection.connectionState === 'failed') options.onFailed();
  };
  const held: RTCIceCandidateInit[] = [];
  let queue = Promise.resolve();

  const apply = async (signal: Signal) => {
    if (signal.description) {
      await connection.setRemoteDescription(signal.description as RTCSessionDescriptionInit);
      for (const candidate of held.splice(0)) await connection.addIceCandidate(candidate);
      if (signal.description.type === 'offer') {
        const answer = await connection.createAnswer();
        await connection.setLocalDescription(answer);
        options.send({ description: { type: answer.type, sdp: answer.sdp ?? '' } });
      }
    } else if (signal.candidate) {
      const candidate = signal.candidate as RTCIceCandidateInit;
      if (connection.remoteDescription) await connection.addIceCandidate(candidate);
      else held.push(candidate);
    }
  };

  return {
    connection,
    offer: async () => {
      const offer = await connection.createOffer();
      await connection.setLocalDescription(offer);
      options.send({ description: { type: offer.type, sdp: offer.sdp ?? '' } });
    },
    receive: (signal) => {
      queue = queue.then(() => apply(signal)).catch(() => options.onFailed());
    },
    close: () => {
      connection.ontrack = null;
      connection.onicecandidate = null;
      connection.onconnectionstatechange = null;
      connection.close();
    },
  };
};

/** Asks for the microphone (and camera for video); null when the browser or the person refuses. */
export const openLocalMedia = async (media: 'audio' | 'video'): Promise<MediaStream | null> => {
  try {
    if (!navigator.mediaDevices?.getUserMedia) return null;
    return await navigator.mediaDevices.getUserMedia({ audio: true, video: media === 'video' });
  } catch {
    return null;
  }
};

export const stopMedia = (stream: MediaStream | null) => {
  for (const track of stream?.getTracks() ?? []) track.stop();
};

/** m:ss of a call's talk time. */
export const formatDuration = (ms: number): string => {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};
