/* Browser media for the visitor widget and the console's workbench: one copy of each, so a fix to a
   call or a voice note reaches both. DOM only: the server never imports this package. */
export { createPeer, formatDuration, openLocalMedia, stopMedia, type Peer, type Signal } from './peer.js';
export {
  RecorderError,
  startVoiceRecording,
  type ActiveRecording,
  type RecorderProblem,
  type VoiceRecording,
} from './recorder.js';
